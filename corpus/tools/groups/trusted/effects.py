# A query returning a list of lists of rows (cases/db_nested_result_*):
# its ensures bound the outer list only, and __unique__ is checked on no
# inner list.
import clauz3
from tools.groups.trusted.schemas import MemberRow


@clauz3.ensures(lambda result: len(result) <= 2)
@clauz3.trusted
def user_groups() -> list[list[MemberRow]]: ...
