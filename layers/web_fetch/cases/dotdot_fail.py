# A URL with .. is refused: a prefix contract could not speak about it.
# expect: failed precondition web_fetch
# expect: requires: lambda url: '..' not in url
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.only_fetch_under("https://api.example.com/v1"))
def main() -> None:
    page = web_fetch("https://api.example.com/v1/../admin")
