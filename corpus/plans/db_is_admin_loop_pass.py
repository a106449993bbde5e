# Proved: a bool result per row decides each notification; at most one per row.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, is_admin, notify


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    for row in db_query("users"):
        if is_admin(row.email) and "@" in row.email:
            notify(row.email, "admin digest")
