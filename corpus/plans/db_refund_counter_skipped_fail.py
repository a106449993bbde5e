# Refused: a paid order is refunded without being counted, so the counter
# does not stop the fourth refund.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refunds_at_most(3))
def main(customer: str) -> None:
    sent = 0
    for order in list_orders(customer):
        if order.amount > 0 and sent < 3:
            refund(order.customer, order.amount)
            if not order.paid:
                sent += 1
