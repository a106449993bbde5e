# Proved: a helper's own @deal.post holds at every return, so it is proved (never assumed).
import clauz3
import deal
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


@deal.post(lambda result: "@" in result, message="pick returns an address")
def pick(x: str) -> str:
    if "@" in x:
        return x
    return "admin@example.com"


@clauz3.guarantee(db.notify_at_most(2))
def main(addr: str) -> None:
    notify(pick(addr), "hi")
    notify(pick("bob"), "again")
