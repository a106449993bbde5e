# Proved: every notice goes to the email column of a row the query returned.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in db_query("users"):
        if "@" in user.email:
            notify(user.email, "hello")
