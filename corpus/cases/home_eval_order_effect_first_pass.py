# expect: proved
# The door is locked before the second element raises.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


def pair(a: int, b: int) -> int:
    return a + b


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    t = (lock("front"), 100 // n)
