# Every query filters on exactly the promised columns and values; Python's
# == on the values, so True and 1 are the same filter value.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.only_where({"consented": True}))
def main() -> None:
    rows = db_query("users", {"consented": True})
    more = db_query("users", where={"consented": 1})
