# Refused: a raise the plan can reach is an obligation that fails.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


def main(addr: str) -> None:
    if "@" not in addr:
        raise ValueError("not an address")
    notify(addr, "hello")
