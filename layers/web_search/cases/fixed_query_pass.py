# One fixed query.
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.searches_at_most(1))
@clauz3.guarantee(search.only_queries(["clauz3 release notes"]))
def main() -> None:
    notes = web_search("clauz3 release notes")
