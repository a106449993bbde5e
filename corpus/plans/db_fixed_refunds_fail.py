# Refused: 10 refunds of 3 make 30, above 29.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, refund


@clauz3.guarantee(db.refund_total_at_most(29))
def main() -> None:
    for row in db_query("users"):
        if "@" in row.email:
            refund(row.email, 3)
