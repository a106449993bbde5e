# Refused: range(1, len(rows) + 1) reads one past the end (IndexError), and 10 notifications exceed 9.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(9))
def main() -> None:
    rows = db_query("users")
    for i in range(0, len(rows)):
        if "@" in rows[i].email:
            notify(rows[i].email, "hello")
