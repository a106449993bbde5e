# A door never written keeps its initial value.
# expect: not proved
# want: failed guarantee home.door_left_unlocked('front')
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.door_left_unlocked("front"))
def main() -> None:
    unlock("back")
