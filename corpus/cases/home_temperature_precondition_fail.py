# expect: not proved
# want: failed precondition set_temperature
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



def main() -> None:
    set_temperature("sauna", 90)
