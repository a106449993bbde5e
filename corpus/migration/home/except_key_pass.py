# .key names the fluent's key.
# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import unlock


@clauz3.guarantee(home.locked_except("back"))
def main() -> None:
    unlock("back")
