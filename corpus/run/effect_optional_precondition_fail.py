# A precondition's narrowed operand fails at run time (cc has no "@"): every engine stops there.
from tools.store.trusted.effects import invite


def main(cc: str) -> None:
    invite("bob@example.com")
    invite("bob@example.com", cc=cc)
    print("not reached")
