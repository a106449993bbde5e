# Refused: a batch of 100 orders each refunding 20 totals 2000, one over
# the limit; the counterexample needs every row of the batch.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund


@clauz3.guarantee(db.refund_total_at_most(1999))
def main(batch: str) -> None:
    for order in list_batch(batch):
        if 0 < order.amount <= 20 and not order.paid:
            refund(order.customer, order.amount)
