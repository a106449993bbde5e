# Proved: the fallback "" can never reach notify, because "@" is required first.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    last = ""
    for user in db_query("users"):
        if user.active:
            last = user.email
    if "@" in last:
        notify(last, "you were the last active user")
