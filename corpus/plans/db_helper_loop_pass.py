# Proved: a helper with its own loop, called twice: at most 20 notifications.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


def notify_all(table: str) -> None:
    for row in db_query(table):
        if "@" in row.email:
            notify(row.email, "hello")


@clauz3.guarantee(db.notify_at_most(20))
def main() -> None:
    notify_all("users")
    notify_all("staff")
