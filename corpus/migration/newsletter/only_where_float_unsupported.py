# Python has 1 == 1.0, but the prover has no model of float yet: a float
# in the filter is refused by the prover, located, never proved.
# expect: not proved
# want: only_where_float_unsupported.py:10:40: a float constant in a proof is not supported
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"id": 1.0}))
def main() -> None:
    db_query("users", where={"id": 1})
