# The customer's name goes out in the query.
# expect: failed guarantee search.query_never_contains('Ann Smith')
import clauz3
from tools.web_search.trusted import contracts as search
from tools.web_search.trusted.effects import web_search

@clauz3.guarantee(search.query_never_contains("Ann Smith"))
def main(customer: str) -> None:
    if len(customer) < 100 and "\n" not in customer and "\r" not in customer:
        hits = web_search("reviews of " + customer)
