"""Row types of the test db layer."""
import clauz3


class UserRow(clauz3.Row):
    """A user of the service."""

    id: int
    email: str
    score: float
    nickname: str | None
