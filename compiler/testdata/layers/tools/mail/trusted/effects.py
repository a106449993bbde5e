"""Mail effects of the compiler tests (clauz3 spelling)."""
import clauz3

MAX_LEN = 200


@clauz3.requires(lambda addr, msg: "@" in addr, message="addr must be an address")
@clauz3.requires(lambda msg: len(msg) <= MAX_LEN)
@clauz3.trusted
def send_email(addr: str, msg: str, cc: list[str] = []) -> None: ...


@clauz3.ensures(lambda result: len(result) <= 100)
@clauz3.trusted
def list_inbox(folder: str = "inbox") -> list[str]:
    """Returns the subjects in folder."""
    return []
