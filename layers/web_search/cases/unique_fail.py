# The same query twice when the first page was empty.
# expect: failed guarantee search.unique_queries()
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.unique_queries())
def main() -> None:
    hits = web_search("clauz3 news")
    if hits == "":
        again = web_search("clauz3 news")
