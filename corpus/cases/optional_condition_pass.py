# A precondition and a postcondition over optional values test them
# against None, as Python does (x is None or ...): the prover narrows the
# other operand.
# expect: proved
from tools.profiles.trusted.effects import invite, owner


def main() -> None:
    o = owner()
    if o is not None:
        invite(o)
        invite("ann@example.com", cc=o)
    invite("bob@example.com", None)
