# Two fixed HTTPS requests under one API prefix.
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.https_only())
@clauz3.guarantee(web.only_fetch_under("https://api.example.com/v1"))
@clauz3.guarantee(web.fetches_at_most(2))
def main() -> None:
    a = web_fetch("https://api.example.com/v1/status")
    b = web_fetch("https://api.example.com/v1/items?page=2")
