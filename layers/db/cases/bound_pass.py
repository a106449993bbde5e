# The declared bound: never more than 100 rows.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.queries_at_most(2))
def main() -> None:
    rows = db_query("users", {"team": "ops"})
    if len(rows) > 100:
        more = db_query("users", {"team": "dev"})
        extra = db_query("users", {"team": "sales"})
