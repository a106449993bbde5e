# Proved: the helper checks the address before the trusted call.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


def greet(row_email: str) -> None:
    if "@" in row_email:
        notify(row_email, "hello")


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    for row in db_query("users"):
        greet(row.email)
