# Proved: whichever branch runs, the address is the email of a row some query returned.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import get_user, is_admin, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    a = get_user(1)
    b = get_user(2)
    addr = a.email if is_admin(a.email) else b.email
    notify(addr, "hello")
