# Proved: rows[0] is read only when the query returned a row, and its address is checked.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    rows = db_query("users")
    if len(rows) > 0 and "@" in rows[0].email:
        notify(rows[0].email, "you are first")
