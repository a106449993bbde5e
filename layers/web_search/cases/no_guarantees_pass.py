# An explicit waiver for one fixed search.
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.no_guarantees())
def main() -> None:
    hits = web_search("weather berlin")
