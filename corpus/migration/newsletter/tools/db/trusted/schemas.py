import clauz3


class UserRow(clauz3.Row):
    id: int
    email: str
    consented: bool
