# Trusted database effects of the bundled db layer (clauz3 layers/db).
# db_query(table, where) reads rows of a declared table; where is None (all
# rows) or a dict of column: value equalities on declared columns, run as a
# parameterised query, as the seed writes it:
# db_query("users", where={"consented": True}). A query matching more than
# 100 rows is refused at run time rather than truncated, so the declared
# bound always holds. Every engine checks each result against the
# postconditions, so a row whose email is not a one-line address is refused.
import deal

from tools.db.trusted.schemas import UserRow


@deal.pre(lambda table: table == "users", message="table must be a declared table (users)")
@deal.post(lambda result: len(result) <= 100)
@deal.post(lambda result: all("@" in r.email and "\n" not in r.email and "\r" not in r.email for r in result), message="every email is a one-line address")
@deal.has("db_read")
def db_query(table: str, where: dict[str, object] | None = None) -> list[UserRow]:
    """card: Read rows of the table {table} matching {where}
    card action: read database rows
    card label table: table
    card label where: filter
    """
    ...
