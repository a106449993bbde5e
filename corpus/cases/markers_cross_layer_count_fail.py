# A web contract over effect("read") counts the files layer's reads too:
# the relation spans the two layers.
# expect: not proved
# want: failed guarantee web.reads_at_most(1)
# english: There is at most 1 any read (fetch, list_dir, read_file).
import clauz3
from tools.web.trusted import contracts as web
from tools.web.trusted.effects import fetch
from tools.files.trusted.effects import read_file


@clauz3.guarantee(web.reads_at_most(1))
def main() -> None:
    page = fetch("https://example.com/")
    text = read_file("/data/a.txt")
