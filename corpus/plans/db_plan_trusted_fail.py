# Refused before any proof: a plan may not declare a trusted effect of its own (its postcondition would be assumed).
import clauz3
import deal
from tools.db.trusted.effects import notify


@deal.post(lambda result: "@" in result)
@deal.has("read")
def lookup(name: str) -> str:
    return name


def main() -> None:
    notify(lookup("bob"), "hi")
