# A bounded query over rows with container fields; no Go implementation.
import clauz3
from tools.profiles.trusted.schemas import ProfileRow


@clauz3.ensures(lambda result: len(result) <= 3)
@clauz3.trusted
def list_profiles() -> list[ProfileRow]: ...


@clauz3.requires(lambda addr, cc=None: "@" in addr and (cc is None or "@" in cc))
@clauz3.trusted
def invite(addr: str, cc: str | None = None) -> None: ...


@clauz3.ensures(lambda result: result is None or "@" in result)
@clauz3.trusted
def owner() -> str | None: ...
