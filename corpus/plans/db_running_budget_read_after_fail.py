# Refused: the rest refunded after the loop is one more than the budget left.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(2000))
def main(customer: str) -> None:
    spent = 0
    for order in list_orders(customer):
        if order.amount > 0 and spent + order.amount <= 1500:
            refund(order.customer, order.amount)
            spent += order.amount
    if spent < 1500:
        refund("ops", 2001 - spent)
