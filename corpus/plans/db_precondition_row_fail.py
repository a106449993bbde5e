# Refused: nothing says a row's email contains "@", which notify requires.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


def main() -> None:
    for row in db_query("users"):
        notify(row.email, "hello")
