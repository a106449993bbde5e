# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.never_above(25))
def main(t: int) -> None:
    if t > 15 and t < 24:
        set_temperature("office", t)
