# Refused twice over: an admin address without "@" fails notify's
# precondition, and one with "@" outside the domain breaks the guarantee.
# Found by the soundness check (corpus/contractgen): the guarantee's first
# counterexample rested on the call whose precondition fails, which the
# run never makes, so it did not replay; the prover now decides it again
# with a failed precondition ending the run.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_domain("@example.com"))
def main() -> None:
    for addr in admin_emails():
        notify(addr, "x")
