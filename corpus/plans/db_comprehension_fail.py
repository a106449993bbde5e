# Refused: the comprehension's filter is on the name, not the address.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_domain("@corp.example"))
def main() -> None:
    addrs = [r.email for r in db_query("users") if r.name.endswith("@corp.example") and "@" in r.email]
    for a in addrs:
        notify(a, "hi")
