# A filter whose value could be None only on a path no input reaches: proved.
# expect: proved
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"consented": True}))
def main(n: int) -> None:
    for row in db_query("users", where={"consented": True} if n > 0 or n <= 0 else {"consented": None}):
        print(row.email)
