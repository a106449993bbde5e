# One request per page: three pages, two promised.
# expect: failed guarantee web.fetches_at_most(2)
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.fetches_at_most(2))
def main() -> None:
    for page in ["1", "2", "3"]:
        body = web_fetch("https://api.example.com/v1/items?page=" + page)
