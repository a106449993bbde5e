# The filter depends on a row read from the database: the first row's id
# need not be 1.
# expect: not proved
# want: ✗ main: failed guarantee db.only_where({'id': 1})
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"id": 1}))
def main() -> None:
    rows = db_query("users", where={"id": 1})
    if len(rows) > 0:
        db_query("users", where={"id": rows[0].id + 0 * 1})
        db_query("users", where={"id": rows[0].id})
