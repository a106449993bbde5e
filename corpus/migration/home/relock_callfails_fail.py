# Fluents read through .value (and .key), as the original's contracts write
# them: DoorLocked.final.all(lambda d: d.value == True).
# expect: not proved
# want: failed guarantee home.doors_locked_at_end() when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, set_temperature, unlock


@clauz3.guarantee(home.doors_locked_at_end())
@clauz3.guarantee(home.at_most_degrees(25))
def main() -> None:
    unlock("front")
    set_temperature("hall", 22)
    lock("front")
