# The last write wins: locking first does not help.
# expect: not proved
# want: failed guarantee home.door_locked_at_end('front')
# english: After the run, door_locked['front'] is True.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.door_locked_at_end("front"))
def main() -> None:
    lock("front")
    unlock("front")
