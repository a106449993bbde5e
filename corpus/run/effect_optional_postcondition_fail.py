# An optional result breaking its postcondition (no "@") stops every engine.
from tools.store.trusted.effects import owner


def main() -> None:
    print(owner())
    print(owner())
