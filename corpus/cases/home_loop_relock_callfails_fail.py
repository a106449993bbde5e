# expect: not proved
# want: failed guarantee home.door_locked_at_end('back') when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.door_locked_at_end("back"))
def main() -> None:
    for i in range(3):
        unlock("back")
        notify("delivery " + str(i))
        lock("back")
