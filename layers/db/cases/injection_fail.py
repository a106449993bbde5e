# SQL in the filter is refused by the precondition.
# expect: failed precondition db_query
import clauz3
from tools.db.trusted.effects import db_query

def main() -> None:
    rows = db_query("users", "team=ops'; DROP TABLE users; --")
