# Refused: an assert about every row's id can fail.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    for row in db_query("users"):
        assert row.id > 0, "ids are positive"
        if "@" in row.email:
            notify(row.email, "hi")
