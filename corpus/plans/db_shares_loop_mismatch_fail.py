# Refused: in the loop each ticket goes to the order's customer but the
# refund to a fixed account, so no pair need share a customer.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(batch: str) -> None:
    refund("escrow", 10)
    for order in list_batch(batch):
        ticket(order.customer, "batch settled")
