# Proved: the address passes through variables unchanged, so it keeps its provenance.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    rows = db_query("users")
    for user in rows:
        addr = user.email
        target = addr
        if "@" in target:
            notify(target, "hello")
