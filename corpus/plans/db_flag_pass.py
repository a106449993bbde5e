# Proved: a flag set in the loop decides one notification after it.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    found = False
    for row in db_query("users"):
        if row.active:
            found = True
    if found:
        notify("ops@example.com", "someone is active")
