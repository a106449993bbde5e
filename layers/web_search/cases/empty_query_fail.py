# The query may be empty: web_search's precondition refuses it.
# expect: failed precondition web_search
# expect: requires: lambda query: len(query) > 0
import clauz3
from tools.web_search.trusted.effects import web_search

def main(topic: str) -> None:
    if len(topic) < 50 and "\n" not in topic and "\r" not in topic:
        hits = web_search(topic)
