# orders is not a declared table.
# expect: failed precondition db_query
import clauz3
from tools.db.trusted.effects import db_query

def main() -> None:
    rows = db_query("orders")
