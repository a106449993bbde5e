# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: n = 0
# An f-string's first part raises before the second locks the door.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


def pair(a: int, b: int) -> int:
    return a + b


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    s = f"{100 // n}{lock('front')}"
