# Proved: a batch of at most 100 orders, each refund capped at 20 by a row
# guard, so the total is at most 2000 (a sum over 100 loop facts).
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund


@clauz3.guarantee(db.refund_total_at_most(2000))
def main(batch: str) -> None:
    for order in list_batch(batch):
        if 0 < order.amount <= 20 and not order.paid:
            refund(order.customer, order.amount)
