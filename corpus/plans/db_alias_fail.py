# Refused: lists are shared; appending through an alias changes the list the loop reads.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


@clauz3.guarantee(db.notify_only(["a@example.com"]))
def main() -> None:
    addrs = ["a@example.com"]
    other = addrs
    other.append("evil@example.com")
    for addr in addrs:
        notify(addr, "hi")
