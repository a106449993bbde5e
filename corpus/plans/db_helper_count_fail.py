# Refused: the count can be 10, above 9.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, refund


def count_active() -> int:
    n = 0
    for row in db_query("users"):
        if row.active:
            n += 1
    return n


@clauz3.guarantee(db.refund_each_at_most(9))
def main() -> None:
    n = count_active()
    if n > 0:
        refund("bonus", n)
