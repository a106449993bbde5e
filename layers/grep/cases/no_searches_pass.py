# The search is on a path that cannot be taken.
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.no_searches())
def main(n: int) -> None:
    if n > 3 and n < 2:
        hits = grep("/work", "TODO")
