# Writes inside helpers count in call order.
# expect: proved
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



def let_in(door: str) -> None:
    unlock(door)
    notify("come in")


@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    let_in("front")
    lock("front")
