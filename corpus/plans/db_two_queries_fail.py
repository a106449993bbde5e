# Refused: two calls of the same query are independent results, so the same address can come back twice.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_once_each())
def main() -> None:
    for row in db_query("users"):
        if "@" in row.email:
            notify(row.email, "first")
    for row in db_query("users"):
        if "@" in row.email:
            notify(row.email, "second")
