# expect: not proved
# want: failed guarantee home.door_left_unlocked('front') when a call fails
# want: fails at run time before it took effect
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# english: After the run, door_locked['front'] is not True.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.door_left_unlocked("front"))
def main() -> None:
    unlock("front")
