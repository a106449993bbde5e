"""Effects of the test db layer."""
import clauz3
from tools.db.trusted import schemas
from tools.db.trusted.schemas import UserRow


@clauz3.ensures(lambda result: len(result) <= 100)
@clauz3.trusted
def db_query(table: str, where: dict[str, bool] = {}) -> list[UserRow]:
    return []


@clauz3.trusted
def lookup(id: int) -> schemas.UserRow | None: ...


@clauz3.trusted
def save(row: UserRow, ratio: float = 1.0) -> None: ...


@clauz3.requires(lambda row: "@" in row.email, message="a user has an address")
@clauz3.trusted
def notify(row: UserRow, text: str) -> None: ...
