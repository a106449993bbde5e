# A query on another value than the contract's breaks it.
# expect: not proved
# want: ✗ main: failed guarantee db.only_where({'consented': True})
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"consented": True}))
def main() -> None:
    for row in db_query("users", where={"consented": False}):
        print(row.email)
