# Proved: an int result with its postcondition (>= 0) assumed; the refund amount is positive.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import count_users, refund


@clauz3.guarantee(db.refunds_at_most(1))
def main() -> None:
    n = count_users()
    refund("bonus", n + 1)
