# mypy's partial None across reads (best = None then best = r in a loop; a None local printed before its type is fixed) and narrowing on assignment (an int | None assigned an int is read as an int until a branch may make it None again).
from tools.email.trusted.effects import send_email


def largest(rows: list[int]) -> int | None:
    best = None
    for r in rows:
        if best is None or r > best:
            best = r
    return best


def main(n: int) -> None:
    print(largest([3, n, 4]), largest([]))
    seen = None
    print("before:", seen)
    seen = n * 2
    print("after:", seen + 1)
    x: int | None = None
    x = n
    x += 1
    print(x * 2)
    if n > 3:
        x = None
    print(x, x is None)
    print(x + 1 if x is not None else -1, 0 if x is None else x * 3)
    z = largest([n])
    print(z + 1 if z is not None else -1, 0 if z is None else z * 3)
    label = None
    if n > 0:
        label = "pos"
        print(label.upper())
    if label is not None:
        send_email("bob@example.com", f"{label} {seen} {x}")
