# A second search in the home folder.
# expect: failed guarantee search.only_search_under('/work/src')
# expect: counterexample: dir = "/home/ann"
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.only_search_under("/work/src"))
def main() -> None:
    todos = grep("/work/src", "TODO")
    keys = grep("/home/ann", "BEGIN")
