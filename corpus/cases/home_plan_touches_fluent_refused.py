# Plans may not write or read fluents themselves: only trusted effects do.
# expect: refused
# code: Unsupported
# want: home_plan_touches_fluent_refused.py:5:1: import of tools.home.trusted.effects.DoorLocked is not supported (it is a fluent)
from tools.home.trusted.effects import DoorLocked, unlock


def main() -> None:
    unlock("front")
