# Proved: a counter across iterations stops the loop after three notifications.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(3))
def main() -> None:
    rows = db_query("users")
    sent = 0
    for row in rows:
        if sent == 3:
            break
        if row.active and "@" in row.email:
            notify(row.email, "you are active")
            sent += 1
