# Refused: the return is on the inactive branch, so active rows keep going.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    for row in db_query("users"):
        if not row.active:
            return
        if "@" in row.email:
            notify(row.email, "you won")
