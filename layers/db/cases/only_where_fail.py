# A query on another column (or none) is not the promised filter.
# expect: failed guarantee db.only_where({'consented': True})
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.only_where({"consented": True}))
def main(everyone: bool) -> None:
    rows = db_query("users", {"consented": True})
    if everyone:
        rows = db_query("users", {"team": "ops"})
