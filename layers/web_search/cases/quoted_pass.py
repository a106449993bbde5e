# The caller's topic is searched only if it carries no private marker.
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.query_never_contains("internal"))
@clauz3.guarantee(search.searches_at_most(1))
def main(topic: str) -> None:
    if "internal" not in topic and "\n" not in topic and "\r" not in topic and len(topic) > 0 and len(topic) < 100:
        text = web_search(topic)
