# Clauses of one call are checked in order: an owner without "@" comes with an empty text, so the first clause (a comment has text) fails first and the address clause cannot fail alone (issue 12).
# expect: not proved
# want: failed precondition comment (line 12)
# want: requires: lambda owner, text: len(text) > 0
# want: proved: precondition comment (line 12)
from tools.legacy.trusted.effects import comment


def main(owner: str, text: str) -> None:
    if "@" not in owner:
        text = ""
    comment(owner, text)
