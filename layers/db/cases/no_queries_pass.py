# The plan imports the db layer but never queries.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.no_queries())
def main(n: int) -> None:
    total = n * 2
    if total < n and n > 0:
        rows = db_query("users")
