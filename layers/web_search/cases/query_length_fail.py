# The detailed branch builds a query longer than promised.
# expect: failed guarantee search.query_length_at_most(60)
# expect: inputs: detailed = True
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.query_length_at_most(60))
def main(detailed: bool) -> None:
    query = "clauz3 install"
    if detailed:
        query = query + " on debian with libz3-dev, go 1.26 and the bundled email layer"
    text = web_search(query)
