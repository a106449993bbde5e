# Refused: the owner's address ends with @example.com, not @corp.example.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify, owner_email


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    owner = owner_email()
    notify(owner, "report")
