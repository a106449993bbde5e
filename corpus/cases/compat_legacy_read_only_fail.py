# A marker relation over "write" covers comment and close_ticket alike.
# expect: not proved
# want: failed guarantee tickets.read_only()
import clauz3
from tools.legacy.trusted import contracts as tickets
from tools.legacy.trusted.effects import close_ticket, comment


@clauz3.guarantee(tickets.read_only())
def main() -> None:
    comment("bob@example.com", "closing")
    close_ticket(1)
