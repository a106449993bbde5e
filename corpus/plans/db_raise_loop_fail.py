# Refused: a row with an empty address reaches the raise.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    for row in db_query("users"):
        if row.email == "":
            raise ValueError("a user without an address")
        if "@" in row.email:
            notify(row.email, "hi")
