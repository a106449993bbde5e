# Refused: the only ticket about acme matches no refund (the refund went to
# bob), and the where() filters leave no other pair.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import refund, ticket


@clauz3.guarantee(db.ticket_for("acme"))
def main() -> None:
    refund("bob", 5)
    ticket("acme", "refund issued")
