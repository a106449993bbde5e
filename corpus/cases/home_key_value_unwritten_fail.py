# Every room no call sets keeps 20 > 18, and only "sauna" is excused.
# expect: not proved
# want: failed guarantee home.rooms_at_most_but('sauna', 18)
# want: a key no call writes keeps the initial value 20 of thermostat, which breaks it
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, notify, set_temperature, unlock



@clauz3.guarantee(home.rooms_at_most_but("sauna", 18))
def main() -> None:
    set_temperature("office", 17)
