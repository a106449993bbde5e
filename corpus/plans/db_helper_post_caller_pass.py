# Proved: the caller relies on the helper's inlined body, not on its (weaker) postcondition, which is proved too.
import clauz3
import deal
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import refund


@deal.post(lambda result: result >= 0)
def clamp(n: int) -> int:
    if n < 1:
        return 1
    return n


@clauz3.guarantee(db.notify_at_most(0))
def main(n: int) -> None:
    refund("c1", clamp(n))
