# expect: not proved
# want: failed guarantee home.temperature_at_end('living', 19) when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.temperature_at_end("living", 19))
@clauz3.guarantee(home.never_above(25))
def main() -> None:
    set_temperature("living", 22)
    set_temperature("living", 19)
