# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# Proved: every positive order is refunded and ticketed in the loop, and
# when none was, a goodwill credit is refunded and ticketed after it; so
# some refund and some ticket always share a customer (loop facts).
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_orders, refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(customer: str) -> None:
    refunded = False
    for order in list_orders(customer):
        if order.amount > 0:
            refund(order.customer, order.amount)
            ticket(order.customer, "refund issued")
            refunded = True
    if not refunded:
        refund(customer, 1)
        ticket(customer, "goodwill credit")
