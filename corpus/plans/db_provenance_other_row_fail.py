# Refused: an OrderRow's customer is a column of another row type.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, notify


@clauz3.guarantee(db.notify_only_users())
def main(customer: str) -> None:
    for order in list_orders(customer):
        if "@" in order.customer:
            notify(order.customer, "your order")
