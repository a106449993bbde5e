# Promised no searches, but a help flag searches.
# expect: failed guarantee search.no_searches()
# expect: inputs: help = True
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.no_searches())
def main(help: bool) -> None:
    if help:
        hits = web_search("clauz3 help")
