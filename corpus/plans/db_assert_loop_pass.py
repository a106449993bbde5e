# Proved: the assert restates the branch's own condition.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    for row in db_query("users"):
        if row.id > 0:
            assert row.id != 0
            if "@" in row.email:
                notify(row.email, "hi")
