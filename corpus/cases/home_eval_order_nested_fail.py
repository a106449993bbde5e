# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: n = 0
# A raise deep in the left operand of a subscripted tuple stops the lock.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


def pair(a: int, b: int) -> int:
    return a + b


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    k = (pair(1, 100 // n), lock("front"))[0]
