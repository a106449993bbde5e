# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: away = False
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main(away: bool) -> None:
    if away:
        lock("front")
    else:
        unlock("front")
