# Refused: is_admin says nothing about the address, so it is not always root.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, is_admin, notify


@clauz3.guarantee(db.notify_only(['root@example.com']))
def main() -> None:
    for row in db_query("users"):
        if is_admin(row.email) and "@" in row.email:
            notify(row.email, "admin digest")
