# Proved: an item assignment replaces the first address before the loop.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


@clauz3.guarantee(db.notify_only(["b@example.com", "c@example.com"]))
def main() -> None:
    addrs = ["a@example.com", "b@example.com"]
    addrs[0] = "c@example.com"
    for addr in addrs:
        notify(addr, "hi")
