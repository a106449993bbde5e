# A second query built from the first hit's title may carry anything.
# Pending: the prover does not yet take a list[SearchResult] as a symbolic value.
# expect: failed guarantee search.query_never_contains('password')
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search_results

@clauz3.guarantee(search.query_never_contains("password"))
def main() -> None:
    for hit in web_search_results("clauz3 docs"):
        if len(hit.title) > 0 and len(hit.title) < 100 and "\n" not in hit.title and "\r" not in hit.title:
            more = web_search_results(hit.title)
