# Refused: an extra address appended after the loop makes 11 possible notifications.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    targets: list[str] = []
    for row in db_query("users"):
        if row.active and "@" in row.email:
            targets.append(row.email)
    targets.append("ops@example.com")
    for addr in targets:
        notify(addr, "reminder")
