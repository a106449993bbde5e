# Reads the ops team from the users table.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.only_table("users"))
@clauz3.guarantee(db.only_filtered())
@clauz3.guarantee(db.queries_at_most(1))
def main() -> None:
    rows = db_query("users", {"team": "ops"})
