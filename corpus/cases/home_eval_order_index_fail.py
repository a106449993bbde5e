# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: inputs: n = 
# A subscript raises (IndexError) before the next element locks the door.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


def pair(a: int, b: int) -> int:
    return a + b


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    t = ([7][n], lock("front"))
