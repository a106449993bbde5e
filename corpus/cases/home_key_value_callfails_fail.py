# final.all over the key and the value.
# expect: not proved
# want: failed guarantee home.all_locked_but('garage') when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# english: After the run, for every key of door_locked, its value is True or the key is 'garage'.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_locked_but("garage"))
def main() -> None:
    unlock("garage")
    unlock("front")
    lock("front")
