# Refused: any admin address with an @ is notified.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_only(['root@example.com']))
def main() -> None:
    for a in admin_emails():
        if "@" in a:
            notify(a, "report")
