# Proved: a filtered comprehension's length decides a single notification.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
@clauz3.guarantee(db.notify_only(['ops@example.com']))
def main() -> None:
    active = [r.email for r in db_query("users") if r.active]
    if len(active) > 5:
        notify("ops@example.com", "many active users")
