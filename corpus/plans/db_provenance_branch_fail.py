# Refused: inactive users' notices go to a literal address instead of the row's email.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in db_query("users"):
        addr = user.email if user.active else "admin@example.com"
        if "@" in addr:
            notify(addr, "hello")
