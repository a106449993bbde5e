# The URL comes from the caller, unchecked: it could be the admin API.
# expect: failed guarantee web.never_fetch_under('https://api.example.com/admin')
# expect: inputs: url =
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.never_fetch_under("https://api.example.com/admin"))
def main(url: str) -> None:
    if url.startswith("https://") and ".." not in url and "\\" not in url and " " not in url and "\n" not in url and "\r" not in url and "\t" not in url and "#" not in url:
        page = web_fetch(url)
