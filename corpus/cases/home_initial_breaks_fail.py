# Every room no call sets keeps the initial 20.
# expect: not proved
# want: the initial value 20 of thermostat
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.never_above(15))
def main() -> None:
    set_temperature("office", 12)
