# /work/src2 is not under /work/src.
# expect: failed guarantee search.only_search_under('/work/src')
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.only_search_under("/work/src"))
def main() -> None:
    hits = grep("/work/src2", "TODO")
