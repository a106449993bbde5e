# Refused: the helper's @clauz3.ensures holds on the urgent path only; the other return breaks it.
import clauz3
from tools.db.trusted.effects import notify


@clauz3.ensures(lambda result: result.endswith("@example.com"))
def pick(x: str, urgent: bool) -> str:
    if urgent:
        return "ops@example.com"
    return x


def main(addr: str, urgent: bool) -> None:
    if "@" in addr:
        notify(pick(addr, urgent), "hi")
