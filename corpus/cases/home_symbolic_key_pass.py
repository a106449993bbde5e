# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main(door: str) -> None:
    unlock(door)
    notify("welcome")
    lock(door)
