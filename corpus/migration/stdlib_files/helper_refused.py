# A helper of the layer is not an effect: a plan cannot call it.
# expect: refused
# code: Unsupported
# want: helper_refused.py:7:1: import of tools.filesystem.trusted.effects._resolve is not supported
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import _resolve


@clauz3.guarantee(fs.read_only())
def main() -> None:
    print(_resolve("x"))
