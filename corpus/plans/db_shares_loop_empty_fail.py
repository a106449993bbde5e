# Refused: refunds and tickets happen only in the loop, and the query may
# return no positive order, so the refunds may be empty.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(customer: str) -> None:
    for order in list_orders(customer):
        if order.amount > 0:
            refund(order.customer, order.amount)
            ticket(order.customer, "refund issued")
