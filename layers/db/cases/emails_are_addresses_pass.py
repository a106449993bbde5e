# Every row's email holds "@" (the layer's postcondition), so a plan may
# rely on it, as the email layer's send_email requires.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.queries_at_most(3))
def main() -> None:
    for r in db_query("users", where={"consented": True}):
        assert "@" in r.email
