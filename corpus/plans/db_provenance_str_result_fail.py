# Refused: owner_email() returns a str, not a row, so its value has no row provenance.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify, owner_email


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    notify(owner_email(), "hello")
