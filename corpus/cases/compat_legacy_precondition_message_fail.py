# deal.pre(..., message=...) clauses are obligations at every call.
# expect: not proved
# want: failed precondition comment (line 9)
from tools.legacy.trusted.effects import comment


def main(owner: str) -> None:
    if len(owner) > 3:
        comment(owner, "hello")
