# Trusted web effects: fetch is a "read" too, but it has no path.
import deal


@deal.pre(lambda url: url.startswith("https://"), message="https only")
@deal.has("read", "net")
def fetch(url: str) -> str: ...
