# Row types of the db layer. __unique__ names the columns no two rows of one
# query result share (a plain class attribute, so the original Python
# ClauZ3 carries it unchanged); the prover assumes it, the runtime checks it.
import clauz3


class UserRow(clauz3.Row):
    """A user of the service."""

    __unique__ = ("id", "email")
    id: int
    email: str
    name: str
    active: bool
    balance: int


class OrderRow(clauz3.Row):
    """An order; nothing about it is unique."""

    customer: str
    amount: int
    paid: bool
