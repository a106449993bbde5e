# Proved: each refund is clamped to at most 50.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_each_at_most(50))
def main(customer: str) -> None:
    for order in list_orders(customer):
        amount = order.amount
        if amount > 50:
            amount = 50
        if amount > 0:
            refund(customer, amount)
