# Proved: a result without a length bound, iterated once per row, still yields row emails.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in all_users():
        if "@" in user.email:
            notify(user.email, "hello")
