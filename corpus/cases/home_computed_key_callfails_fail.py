# Keys are values: a computed key is the same door.
# expect: not proved
# want: failed guarantee home.all_doors_locked() when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    door = "ga" + "rage"
    unlock(door)
    lock("garage")
