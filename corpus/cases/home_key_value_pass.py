# final.all over the key and the value.
# expect: proved
# english: After the run, for every key of door_locked, its value is True or the key is 'garage'.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_locked_but("garage"))
def main() -> None:
    unlock("garage")
    unlock("front")
    lock("front")
