# Row type of the crm layer (runnable corpus): query results are rows.
import clauz3


class UserRow(clauz3.Row):
    email: str
    name: str
    credit: int
