# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: n = 0
# A list display's first element raises before the second locks the door.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


def pair(a: int, b: int) -> int:
    return a + b


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    xs = [100 // n, len([lock("front")])]
