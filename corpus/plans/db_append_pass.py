# Proved: addresses collected with append, then notified; at most one per row.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(10))
@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    targets: list[str] = []
    for row in db_query("users"):
        if row.active and row.email.endswith("@corp.example"):
            targets.append(row.email)
    for addr in targets:
        notify(addr, "reminder")
