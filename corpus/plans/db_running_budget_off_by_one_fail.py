# Refused: the running total is guarded against 2001, one over the promise.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(2000))
def main(customer: str) -> None:
    spent = 0
    for order in list_orders(customer):
        if order.amount > 0 and spent + order.amount <= 2001:
            refund(order.customer, order.amount)
            spent += order.amount
