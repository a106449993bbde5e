# Trusted database effects of the bundled db layer (clauz3 layers/db).
# db_query(table, where) reads rows of a declared table; where is "" (all
# rows) or "column=value", an equality on one declared column, run as a
# parameterised query. A query matching more than 100 rows is refused at
# run time rather than truncated, so the declared bound always holds.
import deal

from tools.db.trusted.schemas import UserRow


@deal.pre(lambda table, where: table == "users", message="table must be a declared table (users)")
@deal.pre(lambda table, where: ";" not in where and "'" not in where, message="where is column=value, not SQL")
@deal.post(lambda result: len(result) <= 100)
@deal.has("db_read")
def db_query(table: str, where: str) -> list[UserRow]: ...
