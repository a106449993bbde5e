# One query per topic: three topics, two promised.
# expect: failed guarantee search.searches_at_most(2)
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.searches_at_most(2))
def main() -> None:
    for topic in ["go", "z3", "mcp"]:
        hits = web_search(topic + " tutorial")
