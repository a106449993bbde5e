# Refused: two pairs make two notifications, not one.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import admin_emails, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    for a, label in zip(admin_emails(), ["first", "second"]):
        if "@" in a:
            notify(a, label)
