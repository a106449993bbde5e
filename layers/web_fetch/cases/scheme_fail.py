# Only http and https: a file URL is refused by the precondition.
# expect: failed precondition web_fetch
# expect: requires: lambda url: url.startswith('https://') or url.startswith('http://')
import clauz3
from tools.web_fetch.trusted.effects import web_fetch

def main() -> None:
    page = web_fetch("file:///etc/passwd")
