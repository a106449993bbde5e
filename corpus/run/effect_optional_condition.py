# Conditions testing optional values against None (cc is None or "@" in cc, result is None or ...) hold at run time in every engine.
from tools.store.trusted.effects import invite, owner


def main() -> None:
    o = owner()
    if o is not None:
        invite(o)
        invite("ann@example.com", cc=o)
    invite("bob@example.com", None)
    print(owner())
