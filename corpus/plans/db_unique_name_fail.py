# Refused: name is not declared unique, so two rows may share it; the refusal names the missing uniqueness.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_once_each())
def main() -> None:
    for row in db_query("users"):
        if "@" in row.name:
            notify(row.name, "hello")
