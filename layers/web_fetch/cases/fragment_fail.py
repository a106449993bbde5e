# "/admin#x" fetches /admin yet does not start with "/admin/": refused.
# expect: failed precondition web_fetch
# expect: requires: lambda url: '#' not in url
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.never_fetch_under("https://api.example.com/admin"))
def main() -> None:
    page = web_fetch("https://api.example.com/admin#x")
