# Refused: without the break every active row is notified.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    for row in db_query("users"):
        if row.active and "@" in row.email:
            notify(row.email, "first active")
