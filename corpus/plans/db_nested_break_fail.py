# Refused: 10 users with one refund each exceed 9.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, list_orders, refund


@clauz3.guarantee(db.refunds_at_most(9))
def main() -> None:
    for user in db_query("users"):
        for order in list_orders(user.email):
            if not order.paid:
                refund(order.customer, 1)
                break
