# Refused: clamped to 3, the loop can refund 3 times, not 2.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import count_users, refund


@clauz3.guarantee(db.refunds_at_most(2))
def main() -> None:
    n = count_users()
    if n > 3:
        n = 3
    for i in range(n):
        refund("bonus", i + 1)
