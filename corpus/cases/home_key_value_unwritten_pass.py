# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.rooms_at_most_but("sauna", 25))
def main(t: int) -> None:
    if t > 10 and t <= 30:
        set_temperature("sauna", t)
    set_temperature("office", 24)
