# .value of an int fluent.
# expect: not proved
# want: ✗ main: failed guarantee home.at_most_degrees(25)
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import set_temperature


@clauz3.guarantee(home.at_most_degrees(25))
def main() -> None:
    set_temperature("hall", 28)
