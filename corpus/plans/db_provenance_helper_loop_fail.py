# Refused: the helper falls back to a literal for inactive users.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify
from tools.db.trusted.schemas import UserRow


def address_of(user: UserRow) -> str:
    if user.active:
        return user.email
    return "noreply@example.com"


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in db_query("users"):
        addr = address_of(user)
        if "@" in addr:
            notify(addr, "hello")
