# Every query is scoped to the docs site and short.
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.only_queries_starting_with("site:docs.example.com "))
@clauz3.guarantee(search.query_length_at_most(100))
def main(topic: str) -> None:
    if len(topic) <= 50 and "\n" not in topic and "\r" not in topic:
        hits = web_search("site:docs.example.com " + topic)
