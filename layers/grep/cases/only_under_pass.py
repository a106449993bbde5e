# Searches the source tree for TODOs, nowhere else.
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.only_search_under("/work/src"))
@clauz3.guarantee(search.searches_at_most(2))
def main() -> None:
    todos = grep("/work/src", "TODO")
    fixmes = grep("/work/src/lib", "FIXME")
