# api.example.com.evil.net starts with the prefix's text but is another host.
# expect: failed guarantee web.only_fetch_under('https://api.example.com')
# expect: counterexample: url = "https://api.example.com.evil.net/x"
import clauz3
from tools.web_fetch.trusted import contracts as web
from tools.web_fetch.trusted.effects import web_fetch

@clauz3.guarantee(web.only_fetch_under("https://api.example.com"))
def main() -> None:
    a = web_fetch("https://api.example.com/x")
    b = web_fetch("https://api.example.com.evil.net/x")
