# Proved: item assignments in a loop replace every address.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify


@clauz3.guarantee(db.notify_only(['c@x.example']))
def main() -> None:
    xs = ["a@x.example", "b@x.example"]
    for i in range(2):
        xs[i] = "c@x.example"
    for x in xs:
        notify(x, "hi")
