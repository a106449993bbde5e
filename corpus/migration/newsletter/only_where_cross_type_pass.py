# Python's equality across numeric types: True == 1 and 3 == True + 2, so
# {"consented": True, "id": 3} == {"consented": 1, "id": 3}.
# expect: proved
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query


@clauz3.guarantee(db.only_where({"consented": 1, "id": 3}))
def main() -> None:
    n = 2
    for row in db_query("users", where={"consented": True, "id": n + 1}):
        print(row.email)
