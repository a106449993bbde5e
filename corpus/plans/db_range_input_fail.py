# Refused: range over a free input has no bound.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


@clauz3.guarantee(db.notify_at_most(5))
def main(n: int) -> None:
    for i in range(n):
        notify("ops@example.com", f"ping {i}")
