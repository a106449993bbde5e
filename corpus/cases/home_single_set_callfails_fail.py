# A call that fails at run time may have taken effect or not: the layer
# reports an error, and whether the thermostat moved is not known. With
# set_temperature failing before it took effect, the living room stays at
# its initial 20, so the one call cannot promise 19 at the end.
# expect: not proved
# want: failed guarantee home.temperature_at_end('living', 19) when a call fails
# want: fails at run time before it took effect
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import set_temperature


@clauz3.guarantee(home.temperature_at_end("living", 19))
def main() -> None:
    set_temperature("living", 19)
