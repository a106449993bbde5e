# Refused: an assert inside a helper is proved, not assumed; its caller passes any row.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


def greet(addr: str) -> None:
    assert "@" in addr
    notify(addr, "hello")


def main() -> None:
    for row in db_query("users"):
        greet(row.email)
