# A bounded query over rows with container fields; no Go implementation.
import clauz3
from tools.profiles.trusted.schemas import ProfileRow


@clauz3.ensures(lambda result: len(result) <= 3)
@clauz3.trusted
def list_profiles() -> list[ProfileRow]: ...
