# Refused (a hole of the original): a count guarded by a row field is not
# bounded by the guard; every row may be active.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(3))
def main() -> None:
    rows = db_query("users")
    for row in rows:
        if row.active and "@" in row.email:
            notify(row.email, "you are active")
