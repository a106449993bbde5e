# Refused: the accumulated total is refunded without a cap.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund


@clauz3.guarantee(db.refund_total_at_most(100))
def main(customer: str) -> None:
    total = 0
    for order in list_orders(customer):
        if not order.paid:
            total += order.amount
    if total > 0:
        refund(customer, total)
