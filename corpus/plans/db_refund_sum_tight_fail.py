# Refused: 5 orders of up to 20 each can total 100, which breaks a limit of 99.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(99))
def main(customer: str) -> None:
    for order in list_orders(customer):
        if 0 < order.amount <= 20:
            refund(order.customer, order.amount)
