# On the staging branch the API token ends up in the query string.
# expect: failed guarantee web.no_url_contains('token=')
# expect: inputs: staging = True
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.no_url_contains("token="))
def main(staging: bool) -> None:
    url = "https://api.example.com/v1/me"
    if staging:
        url = url + "?token=st4g1ng"
    page = web_fetch(url)
