# expect: not proved
# want: failed guarantee home.all_locked_but('garage')
# want: door_locked["back"] = False at the end
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.all_locked_but("garage"))
def main() -> None:
    unlock("garage")
    unlock("back")
