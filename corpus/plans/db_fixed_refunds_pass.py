# Proved: a fixed refund of 3 per row with an address, at most 10 rows: at most 30.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, refund


@clauz3.guarantee(db.refund_total_at_most(30))
def main() -> None:
    for row in db_query("users"):
        if "@" in row.email:
            refund(row.email, 3)
