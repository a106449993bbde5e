# A loop over query results, counted against the declared bound.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.queries_at_most(101))
def main() -> None:
    rows = db_query("users", {"team": "ops"})
    for r in rows:
        again = db_query("users", {"id": r.id})
