# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# Proved: the refund and the ticket name the same customer, whatever it is.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(customer: str) -> None:
    refund(customer, 5)
    ticket(customer, "refund issued")
