# Refused: the literal equals the row's email whenever it is sent, but it is not the row's field.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in db_query("users"):
        if user.email == "ann@example.com":
            notify("ann@example.com", "hello")
