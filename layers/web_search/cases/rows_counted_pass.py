# Text and rows effects both count as searches.
# Pending: the prover does not yet take a list[SearchResult] as a symbolic value.
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search, web_search_results

@clauz3.guarantee(search.searches_at_most(1))
def main(rows: bool) -> None:
    if rows:
        hits = web_search_results("clauz3")
    else:
        text = web_search("clauz3")
