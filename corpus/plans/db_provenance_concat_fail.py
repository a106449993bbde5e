# Refused: an address built by concatenation is not a column of any row.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in db_query("users"):
        notify(user.name + "@example.com", "hello")
