# Proved: a loop whose body never reaches notify.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.no_notifications())
def main() -> None:
    total = 0
    for row in db_query("users"):
        total += row.balance
    if total < 0 and total > 0:
        notify("ops@example.com", "impossible")
