# where=None reads every row: not a filtered query.
# expect: failed guarantee db.only_filtered()
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.only_filtered())
def main(everyone: bool) -> None:
    rows = db_query("users", {"consented": True})
    if everyone:
        rows = db_query("users", where=None)
