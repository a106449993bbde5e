# Refused: all_users has no ensures bound, so a loop over it cannot be encoded exactly.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_at_most(100))
def main() -> None:
    for row in all_users():
        if "@" in row.email:
            notify(row.email, "hello")
