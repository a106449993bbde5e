# Writes inside helpers count in call order.
# expect: not proved
# want: failed guarantee home.all_doors_locked() when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



def let_in(door: str) -> None:
    unlock(door)
    notify("come in")


@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    let_in("front")
    lock("front")
