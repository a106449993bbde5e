# Refused: every filtered address is notified as well.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only(['ops@example.com']))
def main() -> None:
    active = [r.email for r in db_query("users") if r.active and "@" in r.email]
    if len(active) > 5:
        notify("ops@example.com", "many active users")
    for a in active:
        notify(a, "you are active")
