# Proved: at most 5 orders, each refund capped at 20, so the total is at most 100.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(100))
def main(customer: str) -> None:
    for order in list_orders(customer):
        if 0 < order.amount <= 20:
            refund(order.customer, order.amount)
