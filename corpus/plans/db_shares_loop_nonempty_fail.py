# Refused: acme is refunded, but tickets go to support and to every
# batch customer other than acme, so no ticket names acme.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(batch: str) -> None:
    refund("acme", 5)
    ticket("support", "opened")
    for order in list_batch(batch):
        if order.customer != "acme":
            ticket(order.customer, "batch settled")
