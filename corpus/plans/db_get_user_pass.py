# Proved: get_user ensures the row's email contains "@", which notify requires.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import get_user, notify


@clauz3.guarantee(db.notify_at_most(1))
def main(id: int) -> None:
    user = get_user(id)
    notify(user.email, "hello " + user.name)
