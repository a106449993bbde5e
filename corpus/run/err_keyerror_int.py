# KeyError for an int key shows the bare number.
from tools.bank.trusted.effects import deposit


def main() -> None:
    slots = {1: "a", 2: "b"}
    for k in [1, 2, 3]:
        deposit("savings", k)
        print(slots[k])
