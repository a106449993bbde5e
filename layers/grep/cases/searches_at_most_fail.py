# One search per folder: three, two promised.
# expect: failed guarantee search.searches_at_most(2)
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.searches_at_most(2))
def main() -> None:
    for d in ["/work/a", "/work/b", "/work/c"]:
        hits = grep(d, "TODO")
