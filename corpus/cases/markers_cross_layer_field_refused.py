# files.reads_under reads r.path, which web's fetch (also a "read") lacks:
# the guarantee cannot mean anything for fetch, so the plan is refused.
# expect: refused
# code: LayerError
# want: markers_cross_layer_field_refused.py:12:19: relation 'read' of contract reads_under also selects effect fetch of tools.web.trusted.effects, which has no field path (the contract reads it)
import clauz3
from tools.files.trusted import contracts as files
from tools.web.trusted.effects import fetch
from tools.files.trusted.effects import read_file


@clauz3.guarantee(files.reads_under("/data"))
def main() -> None:
    page = fetch("https://example.com/")
    text = read_file("/data/a.txt")
