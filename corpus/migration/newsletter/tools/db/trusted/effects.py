import sqlite3

import deal

from tools.db.trusted.schemas import UserRow


@deal.post(lambda result: len(result) <= 100)
@deal.post(lambda result: all("@" in r.email for r in result))
@deal.has("db_read")
def db_query(table: str, where: dict[str, object] | None = None) -> list[UserRow]:
    conn = sqlite3.connect("app.db")
    sql = f"SELECT id, email, consented FROM {table}"
    params: list[object] = []
    if where:
        sql += " WHERE " + " AND ".join(f"{k} = ?" for k in where)
        params.extend(where.values())
    return [UserRow(*r) for r in conn.execute(sql + " LIMIT 100", params)]
