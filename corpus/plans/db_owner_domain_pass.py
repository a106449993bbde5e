# Proved: owner_email ensures an @example.com address.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify, owner_email


@clauz3.guarantee(db.notify_domain("@example.com"))
def main() -> None:
    owner = owner_email()
    notify(owner, "report")
