# A layer the project does not have: the refusal says how to install it.
# expect: refused
# code: ImportError
# want: msg_missing_layer_refused.py:6:1: no trusted layer tools.web_search.trusted in this project (no folder tools/web_search/trusted under the import roots); install the bundled one with `clauz3 install web_search`
import clauz3
from tools.web_search.trusted.effects import web_search


def main() -> None:
    web_search("clauz3")
