# Proved: a query result concatenated with a literal list: at most 3 + 1 notifications.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_at_most(4))
def main() -> None:
    for a in admin_emails() + ["ops@example.com"]:
        if "@" in a:
            notify(a, "alert")
