# Refused: indexes 0, 1 and 2 make three notifications.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(2))
def main() -> None:
    for i, row in enumerate(db_query("users")):
        if i <= 2 and "@" in row.email:
            notify(row.email, f"you are number {i}")
