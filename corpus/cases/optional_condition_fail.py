# The precondition's narrowed operand is checked: a cc without "@" is a
# counterexample.
# expect: not proved
# want: failed precondition invite (line 9)
from tools.profiles.trusted.effects import invite


def main(cc: str) -> None:
    invite("bob@example.com", cc=cc)
