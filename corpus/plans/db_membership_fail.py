# Refused: the free input is notified when it is an admin.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_only(['root@example.com']))
def main(addr: str) -> None:
    if addr in admin_emails() and "@" in addr:
        notify(addr, "you are an admin")
