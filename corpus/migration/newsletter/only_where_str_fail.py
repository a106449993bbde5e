# "3" != 3 in Python: a str never equals an int.
# expect: not proved
# want: ✗ main: failed guarantee db.only_where({'id': 3})
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"id": 3}))
def main() -> None:
    for row in db_query("users", where={"id": "3"}):
        print(row.email)
