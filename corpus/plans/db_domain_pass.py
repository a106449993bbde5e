# Proved: only rows whose email is in the corporate domain are notified.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    for row in db_query("staff"):
        if row.email.endswith("@corp.example"):
            notify(row.email, "all hands")
