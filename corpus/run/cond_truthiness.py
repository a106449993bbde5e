# Truthiness of empty and non-empty values in if; elif chains; not.
from tools.email.trusted.effects import send_email


def describe(xs: list[int]) -> str:
    if not xs:
        return "empty"
    elif len(xs) == 1:
        return "single"
    elif xs[0]:
        return "leading non-zero"
    else:
        return "leading zero"


def main() -> None:
    print(describe([]), describe([0]), describe([3, 1]), describe([0, 1]))
    for s in ["", "0", " "]:
        if s:
            print(repr(s), "truthy")
        else:
            print(repr(s), "falsy")
    d: dict[str, int] = {}
    if not d:
        d["x"] = 0
    if d["x"] == 0 and len(d) > 0:
        send_email("bob@example.com", "dict not empty")
    f = 0.0
    if f:
        print("float truthy")
    else:
        print("0.0 is falsy")
