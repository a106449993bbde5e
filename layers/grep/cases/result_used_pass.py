# The result decides a second, narrower search.
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.only_search_under("/work/src"))
@clauz3.guarantee(search.searches_at_most(2))
def main() -> None:
    hits = grep("/work/src", "TODO")
    if len(hits) > 0:
        more = grep("/work/src/lib", "TODO")
