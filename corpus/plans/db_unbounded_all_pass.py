# Proved: a loop over a query with no length bound, for a property of single facts (all), by one generic iteration.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    for row in all_users():
        if row.email.endswith("@corp.example"):
            notify(row.email, "all hands")
