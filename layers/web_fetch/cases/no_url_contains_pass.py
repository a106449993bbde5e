# Only fixed URLs, none carrying a token.
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.no_url_contains("token="))
@clauz3.guarantee(web.only_urls(["https://status.example.com/", "https://status.example.com/history"]))
def main(history: bool) -> None:
    page = web_fetch("https://status.example.com/")
    if history:
        old = web_fetch("https://status.example.com/history")
