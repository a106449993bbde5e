import clauz3


class UserRow(clauz3.Row):
    email: str


@clauz3.trusted
def send(addr: str) -> None:
    pass
