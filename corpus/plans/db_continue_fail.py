# Refused: the counter is incremented before the continue, so it never limits active rows.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(2))
def main() -> None:
    seen = 0
    for row in db_query("users"):
        seen += 1
        if not row.active or "@" not in row.email:
            continue
        notify(row.email, "hello")
