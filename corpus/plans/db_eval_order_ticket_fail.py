# The f-string's first part raises (100 // 0) before ticket() runs: the refund stays without a ticket.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(n: int) -> None:
    refund("ann", 5)
    note = f"{100 // n}{ticket('ann', 'refund')}"
