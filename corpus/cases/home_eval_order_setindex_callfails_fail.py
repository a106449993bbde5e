# expect: not proved
# want: failed guarantee home.all_doors_locked() when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# xs[i] = v evaluates v (locking the door) before i raises, so the door ends locked.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


def pair(a: int, b: int) -> int:
    return a + b


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    xs = [0, 0]
    xs[100 // n] = len([lock("front")])
