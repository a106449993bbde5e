# The caller chooses any absolute folder: /etc included.
# expect: failed guarantee search.never_search_under('/etc')
# expect: inputs: dir =
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.never_search_under("/etc"))
def main(dir: str) -> None:
    if dir.startswith("/") and ".." not in dir:
        hits = grep(dir, "TODO")
