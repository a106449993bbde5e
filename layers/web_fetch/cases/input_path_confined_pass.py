# A caller-chosen item from a known list, confined to the items endpoint.
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.only_fetch_under("https://api.example.com/v1/items"))
@clauz3.guarantee(web.never_fetch_under("https://api.example.com/v1/admin"))
def main(item: str) -> None:
    if item in ["alpha", "beta", "gamma"]:
        page = web_fetch("https://api.example.com/v1/items/" + item)
