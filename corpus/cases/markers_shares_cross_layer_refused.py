# files.read_back reads f.path of every "read", and web's fetch is a read
# with no path: the relation cannot be widened to it, so the plan is refused.
# expect: refused
# code: LayerError
# want: markers_shares_cross_layer_refused.py:12:19: relation 'read' of contract read_back also selects effect fetch of tools.web.trusted.effects, which has no field path (the contract reads it)
import clauz3
from tools.files.trusted import contracts as files
from tools.web.trusted.effects import fetch
from tools.files.trusted.effects import read_file, write_file


@clauz3.guarantee(files.read_back())
def main() -> None:
    page = fetch("https://example.com/")
    write_file("/data/a", page)
    text = read_file("/data/a")
