# expect: proved
# english: After the run, for every key of door_locked, its value is True.
# coverage: home:covered
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    unlock("front")
    notify("the parcel is inside")
    lock("front")
