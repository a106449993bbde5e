# Proved: a helper returns the row's email unchanged.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import get_user, notify
from tools.db.trusted.schemas import UserRow


def address_of(user: UserRow) -> str:
    return user.email


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    owner = get_user(7)
    notify(address_of(owner), "your account")
