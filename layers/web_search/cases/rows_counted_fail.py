# A text search and a rows search: two searches, one promised.
# Pending: the prover does not yet take a list[SearchResult] as a symbolic value.
# expect: failed guarantee search.searches_at_most(1)
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search, web_search_results

@clauz3.guarantee(search.searches_at_most(1))
def main() -> None:
    text = web_search("clauz3")
    hits = web_search_results("clauz3 docs")
