# Refused: a query of up to 10 rows may produce 10 notifications, not 9.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(9))
def main() -> None:
    for row in db_query("users"):
        if "@" in row.email:
            notify(row.email, "hello")
