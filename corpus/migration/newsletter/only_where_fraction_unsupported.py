# A float with a fraction equals no int, bool or str; the prover has no
# model of float yet, so it refuses rather than guess.
# expect: not proved
# code: Unsupported
# want: only_where_fraction_unsupported.py:11:40: the prover cannot decide
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"id": 1.5}))
def main() -> None:
    db_query("users", where={"id": 1})
