# Refused: some row may be active, so the notification happens.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.no_notifications())
def main() -> None:
    found = False
    for row in db_query("users"):
        if row.active:
            found = True
    if found:
        notify("ops@example.com", "someone is active")
