# Writes inside loops, in iteration order.
# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    doors = ["front", "back", "garage"]
    for d in doors:
        unlock(d)
    for d in doors:
        notify(d + " is open")
        lock(d)
