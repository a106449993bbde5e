# Refused: with no row, the fallback literal is what notify receives.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    addr = "admin@example.com"
    for user in db_query("users"):
        if "@" in user.email:
            addr = user.email
    notify(addr, "report")
