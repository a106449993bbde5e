# expect: proved
# english: There are at most 2 any reads (fetch, list_dir, read_file).
import clauz3
from tools.web.trusted import contracts as web
from tools.web.trusted.effects import fetch
from tools.files.trusted.effects import list_dir


@clauz3.guarantee(web.reads_at_most(2))
def main() -> None:
    page = fetch("https://example.com/")
    list_dir("/data")
