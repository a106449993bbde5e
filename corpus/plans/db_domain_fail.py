# Refused: the rows' addresses can be in any domain.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    for row in db_query("staff"):
        if "@" in row.email:
            notify(row.email, "all hands")
