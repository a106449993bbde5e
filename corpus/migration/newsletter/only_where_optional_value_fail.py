# A filter whose value is None on one path only (a conditional between two dicts): the prover keeps None as a value of its own, and the path that passes None is the counterexample.
# expect: not proved
# want: counterexample: where = {"consented": None}
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"consented": True}))
def main(n: int) -> None:
    for row in db_query("users", where={"consented": True} if n > 0 else {"consented": None}):
        print(row.email)
