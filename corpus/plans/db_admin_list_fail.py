# Refused: admin_emails may return 3 addresses, more than 2.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_at_most(2))
def main() -> None:
    for addr in admin_emails():
        if "@" in addr:
            notify(addr, "alert")
