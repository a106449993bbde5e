# Conditional expression arms: an empty display takes the other arm's type, T and None join to T | None.
from tools.email.trusted.effects import send_email


def main(flag: bool, n: int) -> None:
    xs = [3, 1, 2]
    ys = [] if flag else xs
    zs = xs[::-1] if flag else [xs[1]]
    counts = {} if n > 2 else {"a": n}
    tags = set() if flag else {"x", "y"}
    first = xs[0] if n > 0 else None
    print(ys, zs, counts, len(tags), first)
    for flip in [True, False]:
        w = list() if flip else [n, n + 1]
        print(w, xs if flip else [], None if flip else n)
    send_email("bob@example.com", f"{len(ys)} {zs} {first}")
