# A plan may not declare fluents or fluent updates.
# expect: refused
# code: Unsupported
# want: plan_declares_fluent_refused.py:5:1: import of clauz3.fluent is not supported
from clauz3.fluent import effect, fluent
from tools.home.trusted.effects import unlock


def main() -> None:
    unlock("front")
