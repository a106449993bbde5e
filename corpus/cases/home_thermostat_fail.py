# expect: not proved
# want: failed guarantee home.temperature_at_end('living', 22)
# want: thermostat["living"] = 19 at the end, must be == 22
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.temperature_at_end("living", 22))
def main() -> None:
    set_temperature("living", 22)
    set_temperature("living", 19)
