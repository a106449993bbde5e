# Refused: the ticket goes to "support", which differs from the refunded
# customer unless the input happens to be "support".
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(customer: str) -> None:
    refund(customer, 5)
    ticket("support", "refund issued")
