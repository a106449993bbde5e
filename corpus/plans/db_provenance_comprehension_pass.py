# Proved: a comprehension over rows yields their emails, each one a row's column.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    emails = [u.email for u in db_query("users") if "@" in u.email]
    for addr in emails:
        notify(addr, "hello")
