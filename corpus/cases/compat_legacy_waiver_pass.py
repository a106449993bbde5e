# no_guarantees re-exported under another name is an explicit waiver.
# expect: proved
# coverage: tickets:waived
import clauz3
from tools.legacy.trusted import contracts as tickets
from tools.legacy.trusted.effects import close_ticket


@clauz3.guarantee(tickets.nothing_promised())
def main() -> None:
    close_ticket(1)
