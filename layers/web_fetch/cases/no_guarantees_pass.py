# An explicit waiver for one fixed request.
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.no_guarantees())
def main() -> None:
    page = web_fetch("https://example.com/")
