# Refused (a hole of the original): a plan's own @deal.post on a helper was assumed; here it is proved, and it is false.
import clauz3
import deal
from tools.db.trusted.effects import notify


@deal.post(lambda result: "@" in result)
def pick(x: str) -> str:
    return x


def main() -> None:
    notify(pick("bob"), "hi")
