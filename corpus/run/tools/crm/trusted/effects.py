# Trusted crm effects of the runnable corpus: a query returning rows.
import clauz3
from tools.crm.trusted.schemas import UserRow


@clauz3.ensures(lambda result: len(result) <= 10)
@clauz3.trusted
def find_users(team: str) -> list[UserRow]: ...
