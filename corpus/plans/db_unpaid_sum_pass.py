# Proved: refunds of unpaid orders capped at 10 each, at most 5 orders: at most 50.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(50))
def main(customer: str) -> None:
    for order in list_orders(customer):
        if not order.paid and 0 < order.amount <= 10:
            refund(customer, order.amount)
