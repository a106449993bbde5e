# Refused (a hole of the original): a sum over row amounts is not bounded
# when the rows' amounts are not.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(100))
def main(customer: str) -> None:
    for order in list_orders(customer):
        if order.amount > 0:
            refund(order.customer, order.amount)
