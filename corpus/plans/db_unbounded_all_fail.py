# Refused: the generic row's address need not be in the domain; the counterexample replays with copies of it.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    for row in all_users():
        if "@" in row.email:
            notify(row.email, "all hands")
