# 3.0 == 3 but 3.0 != "3" and -1.0 != True: a float is compared as Python
# does, numerically with int and bool and never equal to a str.
# expect: not proved
# want: ✗ main: failed guarantee db.only_where({'id': 3.0})
# want: call: db_query(table="users", where={"id": "3"})
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"id": 3.0}))
def main() -> None:
    db_query("users", where={"id": 3})
    db_query("users", where={"id": "3"})
