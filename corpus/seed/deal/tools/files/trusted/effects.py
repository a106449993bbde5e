from pathlib import Path
import deal

@deal.pre(lambda path: len(path) > 0)
@deal.has("read", "io")
@deal.post(lambda result: len(result) <= 100)
def read_preview(path: str) -> str:
    return Path(path).read_text()[:100]
