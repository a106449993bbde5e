# Exactly one search on either branch.
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.searches_at_most(1))
@clauz3.guarantee(search.unique_queries())
def main(news: bool) -> None:
    if news:
        hits = web_search("clauz3 news")
    else:
        hits = web_search("clauz3 docs")
