# Proved: continue skips inactive rows; the counter still stops at 2.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(2))
def main() -> None:
    sent = 0
    for row in db_query("users"):
        if not row.active:
            continue
        if sent >= 2 or "@" not in row.email:
            continue
        notify(row.email, "hello")
        sent = sent + 1
