# Proved: rows reached through enumerate keep their emails' provenance.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for i, user in enumerate(db_query("users")):
        if i < 3 and "@" in user.email:
            notify(user.email, f"you are number {i + 1}")
