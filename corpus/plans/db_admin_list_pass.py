# Proved: admin_emails returns at most 3 addresses, one notification each.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_at_most(3))
def main() -> None:
    for addr in admin_emails():
        if "@" in addr:
            notify(addr, "alert")
