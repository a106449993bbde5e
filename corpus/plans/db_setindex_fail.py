# Refused: the item assignment puts c@example.com in the list.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


@clauz3.guarantee(db.notify_only(["a@example.com", "b@example.com"]))
def main() -> None:
    addrs = ["a@example.com", "b@example.com"]
    addrs[0] = "c@example.com"
    for addr in addrs:
        notify(addr, "hi")
