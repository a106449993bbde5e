# Refused: the last row's address is not checked before notify.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    rows = db_query("users")
    if len(rows) > 0:
        notify(rows[-1].email, "you are last")
