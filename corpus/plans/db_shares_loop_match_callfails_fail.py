# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# Proved: acme is refunded, and after the batch loop (whose tickets go to
# the batch's customers) acme gets a ticket too; neither side is empty.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import list_batch, refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main(batch: str) -> None:
    refund("acme", 5)
    for order in list_batch(batch):
        if order.customer != "acme":
            ticket(order.customer, "batch settled")
    ticket("acme", "refund issued")
