# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: door_locked["front"] = False at the end
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    unlock("front")
    notify("the door is open")
