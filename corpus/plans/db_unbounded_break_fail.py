# Refused: with a break, iterations over an unbounded result depend on each other; a bound is needed.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    for row in all_users():
        if row.email.endswith("@corp.example"):
            notify(row.email, "first")
            break
