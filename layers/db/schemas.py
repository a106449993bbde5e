# Row schemas of the bundled db layer: one row type per table a plan may
# query. The Go implementation declares the same struct (UserRow) and the
# same table.
import clauz3


class UserRow(clauz3.Row):
    id: int
    name: str
    email: str
    team: str
    consented: bool
