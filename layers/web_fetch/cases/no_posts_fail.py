# A read-only promise, but the results are posted back.
# expect: failed guarantee web.no_posts()
# expect: inputs: report = True
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch, web_post

@clauz3.guarantee(web.no_posts())
def main(report: bool) -> None:
    body = web_fetch("https://api.example.com/v1/status")
    if report:
        reply = web_post("https://hooks.example.com/status", body)
