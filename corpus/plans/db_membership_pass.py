# Proved: membership in a query result decides one notification of a literal address.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_only(['root@example.com']))
def main() -> None:
    if "root@example.com" in admin_emails():
        notify("root@example.com", "you are an admin")
