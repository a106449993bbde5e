# Refused: 3 admins and the ops address make 4 notifications, not 3.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_at_most(3))
def main() -> None:
    for a in admin_emails() + ["ops@example.com"]:
        if "@" in a:
            notify(a, "alert")
