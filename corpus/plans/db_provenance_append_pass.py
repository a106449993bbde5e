# Proved: a list of row emails built with append keeps each element's provenance.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    emails: list[str] = []
    for user in db_query("users"):
        if user.active and "@" in user.email:
            emails.append(user.email)
    for addr in emails:
        notify(addr, "hello")
