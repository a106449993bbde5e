# Loops over the rows: the declared bound (10) keeps the count provable.
# Pending: the prover does not yet take a list[SearchResult] as a symbolic value.
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search_results

@clauz3.guarantee(search.searches_at_most(1))
def main() -> None:
    n = 0
    for hit in web_search_results("clauz3"):
        if hit.url.startswith("https://"):
            n = n + 1
    print(n)
