# The back door stays unlocked.
# expect: not proved
# want: ✗ main: failed guarantee home.doors_locked_at_end()
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


@clauz3.guarantee(home.doors_locked_at_end())
def main() -> None:
    unlock("front")
    unlock("back")
    lock("front")
