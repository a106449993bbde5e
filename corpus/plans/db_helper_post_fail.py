# Refused (a hole of the original): a plan's own @deal.post on a helper was assumed; here a plan cannot declare contracts at all.
import clauz3
import deal
from tools.db.trusted.effects import notify


@deal.post(lambda result: "@" in result)
def pick(x: str) -> str:
    return x


def main() -> None:
    notify(pick("bob"), "hi")
