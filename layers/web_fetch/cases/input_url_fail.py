# The URL is built from the caller's page, checked only against a list that
# still names the admin API. (A fully free URL is the same bug, but Z3 4.8.12
# takes 10-30 s to find its counterexample, too slow to test reliably.)
# expect: failed guarantee web.never_fetch_under('https://api.example.com/admin')
# expect: inputs: page =
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.never_fetch_under("https://api.example.com/admin"))
def main(page: str) -> None:
    if page in ["status", "admin", "health"]:
        web_fetch("https://api.example.com/" + page)
