# Lists are shared by reference: mutation through an alias is visible; copies are not.
from tools.email.trusted.effects import send_email


def add_item(xs: list[str], item: str) -> None:
    xs.append(item)


def main() -> None:
    a = ["x"]
    b = a
    c = list(a)
    d = a[:]
    b.append("y")
    add_item(a, "z")
    print(a, b, c, d, a == b, len(c))
    rows = [[0] * 3] * 2
    rows[0][0] = 5
    print(rows)
    grid = [[0] * 3 for _ in range(2)]
    grid[0][0] = 5
    print(grid)
    e = a + ["w"]
    a += ["v"]
    print(a, b, e)
    for who in b:
        send_email(f"{who}@example.com", "hi")
