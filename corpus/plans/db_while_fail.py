# Refused by the compiler: while is not in the subset.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    rows = db_query("users")
    i = 0
    while i < len(rows):
        i += 1
