# Proved: the accumulated total is refunded once, only when it is between 1 and 100.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(100))
@clauz3.guarantee(db.refunds_at_most(1))
def main(customer: str) -> None:
    total = 0
    for order in list_orders(customer):
        if not order.paid:
            total += order.amount
    if 0 < total <= 100:
        refund(customer, total)
