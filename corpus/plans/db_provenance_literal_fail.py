# Refused: a literal address is not the email column of any row, even if some row has that email.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in db_query("users"):
        if user.active:
            notify("ann@example.com", "hello")
