# Proved: a helper settles two batches of at most 100 orders with caps 20
# and 10, so the refunds total at most 3000 (one call site, two bounds).
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund


def settle(batch: str, cap: int) -> None:
    for order in list_batch(batch):
        if 0 < order.amount <= cap and not order.paid:
            refund(order.customer, order.amount)


@clauz3.guarantee(db.refund_total_at_most(3000))
def main(batch: str) -> None:
    settle(batch, 20)
    settle("late-" + batch, 10)
