# Reads a row's field: the first ops member's e-mail decides a second query.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.only_table("users"))
def main() -> None:
    rows = db_query("users", {"team": "ops"})
    if len(rows) > 0:
        same = db_query("users", {"email": rows[0].email, "consented": rows[0].consented})
