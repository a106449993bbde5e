# Trusted search effects of the bundled web_search layer (clauz3
# layers/web_search). Both send one query to the search endpoint the user
# configured (CLAUZ3_SEARCH_URL), through the security module's egress
# floor, and get at most 10 hits; more is refused at run time rather than
# truncated, so the declared bound always holds. web_search returns the
# hits as text, web_search_results as rows. The plan never chooses where
# the query goes: the contracts are about what it asks and how often. Both
# carry the marker "search".
import deal

from tools.web_search.trusted.schemas import SearchResult


@deal.pre(lambda query: len(query) > 0, message="query must not be empty")
@deal.pre(lambda query: len(query) <= 400, message="query must be at most 400 characters")
@deal.pre(lambda query: "\n" not in query and "\r" not in query, message="query must be one line")
@deal.has("search")
def web_search(query: str) -> str:
    """card: Search the web for “{query}”
    card action: search the web
    card label query: search words
    """
    ...


@deal.pre(lambda query: len(query) > 0, message="query must not be empty")
@deal.pre(lambda query: len(query) <= 400, message="query must be at most 400 characters")
@deal.pre(lambda query: "\n" not in query and "\r" not in query, message="query must be one line")
@deal.post(lambda result: len(result) <= 10)
@deal.has("search")
def web_search_results(query: str) -> list[SearchResult]:
    """card: Search the web for “{query}”
    card action: search the web
    card label query: search words
    """
    ...
