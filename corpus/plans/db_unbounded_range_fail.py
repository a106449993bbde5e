# Refused: range(len(result)) of a query with no ensures bound has no bound either.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_at_most(5))
def main() -> None:
    users = all_users()
    for i in range(len(users)):
        notify("ops@example.com", "user")
