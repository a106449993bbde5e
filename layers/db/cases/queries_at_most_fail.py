# Three queries, two promised.
# expect: failed guarantee db.queries_at_most(2)
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.queries_at_most(2))
def main() -> None:
    for team in ["ops", "dev", "sales"]:
        rows = db_query("users", {"team": team})
