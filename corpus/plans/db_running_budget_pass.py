# Proved: refunds from a batch of up to 100 orders while a running total stays
# within 2000 (an inductive invariant, not the unrolled copies, decides it).
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund


@clauz3.guarantee(db.refund_total_at_most(2000))
def main(batch: str) -> None:
    spent = 0
    for order in list_batch(batch):
        if order.amount > 0 and spent + order.amount <= 2000:
            refund(order.customer, order.amount)
            spent += order.amount
