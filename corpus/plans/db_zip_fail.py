# Refused: zip of two 10-row results has up to 10 pairs.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(3))
def main() -> None:
    for a, b in zip(db_query("users"), db_query("staff")):
        if "@" in a.email:
            notify(a.email, "pair with " + b.name)
