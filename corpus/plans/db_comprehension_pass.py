# Proved: a filtered comprehension over the rows, then one notification per element.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_domain("@corp.example"))
@clauz3.guarantee(db.notify_at_most(10))
def main() -> None:
    addrs = [r.email for r in db_query("users") if r.email.endswith("@corp.example")]
    for a in addrs:
        notify(a, "hi")
