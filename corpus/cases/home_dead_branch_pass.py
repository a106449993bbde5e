# expect: proved
# coverage: home:covered
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    if 1 > 2:
        unlock("front")
