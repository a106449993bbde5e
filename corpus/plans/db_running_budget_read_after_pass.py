# Proved: what the loop left of the 2000 budget is refunded after it; the
# total is exactly the running total plus the rest.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund


@clauz3.guarantee(db.refund_total_at_most(2000))
def main(batch: str) -> None:
    spent = 0
    for order in list_batch(batch):
        if order.amount > 0 and spent + order.amount <= 1500:
            refund(order.customer, order.amount)
            spent += order.amount
    if spent < 1500:
        refund("ops", 2000 - spent)
