# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.temperature_at_end("living", 19))
@clauz3.guarantee(home.never_above(25))
def main() -> None:
    set_temperature("living", 22)
    set_temperature("living", 19)
