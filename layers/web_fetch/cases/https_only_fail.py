# A fallback branch drops to plain HTTP.
# expect: failed guarantee web.https_only()
# expect: inputs: fallback = True
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.https_only())
def main(fallback: bool) -> None:
    if fallback:
        page = web_fetch("http://mirror.example.com/status")
    else:
        page = web_fetch("https://api.example.com/status")
