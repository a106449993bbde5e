# Proved: a bool result decides the branch; only the admin branch notifies.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import is_admin, notify


@clauz3.guarantee(db.notify_only(["root@example.com"]))
def main(addr: str) -> None:
    if is_admin(addr):
        notify("root@example.com", "admin login by " + addr)
