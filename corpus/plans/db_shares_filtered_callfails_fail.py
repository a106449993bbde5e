# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# Proved: a positive refund to acme and a ticket about acme.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import refund, ticket


@clauz3.guarantee(db.ticket_for("acme"))
def main() -> None:
    ticket("bob", "unrelated")
    refund("acme", 5)
    ticket("acme", "refund issued")
