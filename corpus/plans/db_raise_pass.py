# Proved: the raise sits on a branch no execution reaches.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


def main() -> None:
    addr = "ann@example.com"
    if "@" not in addr:
        raise ValueError("not an address")
    notify(addr, "hello")
