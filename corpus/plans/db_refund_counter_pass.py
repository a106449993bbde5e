# Proved: a counter stops the refunds at 3 in a batch of up to 100 orders.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund


@clauz3.guarantee(db.refunds_at_most(3))
def main(batch: str) -> None:
    sent = 0
    for order in list_batch(batch):
        if order.amount > 0 and sent < 3:
            refund(order.customer, order.amount)
            sent += 1
