# Row type of the groups layer: members with unique emails within one
# result (the engines check __unique__ on the result's own rows).
import clauz3


class MemberRow(clauz3.Row):
    """A member of a group."""

    __unique__ = ("email",)
    email: str
    name: str
