# Refused: with up to 3 rows, 3 notifications.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(2))
def main() -> None:
    rows = db_query("users")
    if len(rows) <= 3:
        for row in rows:
            if "@" in row.email:
                notify(row.email, "few users")
