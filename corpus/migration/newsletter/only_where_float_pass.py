# Python's 1 == 1.0 == True, in dicts too: {"id": 3.0, "consented": 1.0}
# equals {"id": 3, "consented": True}.
# expect: proved
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"id": 3.0, "consented": 1.0}))
def main() -> None:
    db_query("users", where={"id": 3, "consented": True})
