# Proved: len() of an unbounded result needs no bound.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    users = all_users()
    if len(users) > 1000:
        notify("ops@example.com", "many users")
