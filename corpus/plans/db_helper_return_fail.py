# Refused: the helper's fallback address is outside the domain.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


def address_of(email: str) -> str:
    if email.endswith("@corp.example"):
        return email
    return "ops@elsewhere.example"


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    for row in db_query("users"):
        notify(address_of(row.email), "hello")
