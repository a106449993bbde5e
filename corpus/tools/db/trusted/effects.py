# Trusted effects of the db layer: queries returning rows and values, and
# side effects on them.
import clauz3
import deal
from tools.db.trusted.schemas import OrderRow, UserRow


@clauz3.ensures(lambda result: len(result) <= 10)
@clauz3.trusted
def db_query(table: str) -> list[UserRow]: ...


@clauz3.ensures(lambda result: len(result) <= 5)
@clauz3.ensures(lambda result: len(result) >= 0)
@clauz3.trusted
def list_orders(customer: str) -> list[OrderRow]: ...


@clauz3.trusted
def all_users() -> list[UserRow]: ...


@clauz3.ensures(lambda result: len(result) <= 100)
@clauz3.trusted
def list_batch(batch: str) -> list[OrderRow]: ...


@clauz3.ensures(lambda result: "@" in result.email)
@clauz3.trusted
def get_user(id: int) -> UserRow: ...


@clauz3.ensures(lambda result: result >= 0)
@clauz3.trusted
def count_users() -> int: ...


@clauz3.trusted
def is_admin(email: str) -> bool: ...


@clauz3.ensures(lambda result: result.endswith("@example.com"))
@clauz3.trusted
def owner_email() -> str: ...


@clauz3.ensures(lambda result: len(result) <= 3)
@clauz3.trusted
def admin_emails() -> list[str]: ...


@clauz3.requires(lambda addr, subject: "@" in addr, message="a mail needs an address")
@deal.has("mail")
def notify(addr: str, subject: str) -> None: ...


@clauz3.requires(lambda customer, amount: amount > 0, message="amount must be positive")
@clauz3.trusted
def refund(customer: str, amount: int) -> None: ...


@clauz3.trusted
def ticket(customer: str, subject: str) -> None: ...
