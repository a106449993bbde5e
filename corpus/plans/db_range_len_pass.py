# Proved: range(len(rows)) is bounded by the query's bound, and indexing stays in range.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    rows = db_query("users")
    for i in range(len(rows)):
        if "@" in rows[i].email:
            notify(rows[i].email, "hello")
