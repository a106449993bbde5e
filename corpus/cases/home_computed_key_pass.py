# Keys are values: a computed key is the same door.
# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    door = "ga" + "rage"
    unlock(door)
    lock("garage")
