# A second, unscoped query on the fallback path.
# expect: failed guarantee search.only_queries_starting_with('site:docs.example.com ')
# expect: inputs: fallback = True
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.only_queries_starting_with("site:docs.example.com "))
def main(fallback: bool) -> None:
    hits = web_search("site:docs.example.com install")
    if fallback:
        more = web_search("install clauz3")
