# Proved: zip stops at the shorter list (at most 3 admin addresses).
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, db_query, notify


@clauz3.guarantee(db.notify_at_most(3))
def main() -> None:
    for addr, row in zip(admin_emails(), db_query("users")):
        if "@" in addr:
            notify(addr, "pair with " + row.name)
