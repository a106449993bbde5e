# Early return from inside loops, implicit None returns and returns from nested loops.
from tools.email.trusted.effects import send_email


def find_first(xs: list[int], target: int) -> int:
    for i, x in enumerate(xs):
        if x == target:
            return i
    return -1


def find_pair(xs: list[int], total: int) -> tuple[int, int]:
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            if xs[i] + xs[j] == total:
                return xs[i], xs[j]
    return -1, -1


def first_long(words: list[str]) -> str:
    for w in words:
        if len(w) > 4:
            return w
    return ""


def log(msg: str) -> None:
    print("log:", msg)
    if msg == "":
        return
    print("logged")


def main() -> None:
    xs = [4, 8, 15, 16, 23, 42]
    print(find_first(xs, 15), find_first(xs, 99), find_pair(xs, 31), find_pair(xs, 1000))
    print(first_long(["a", "bb", "cccccc", "ddddddd"]), first_long([]))
    log("")
    log("x")
    w = first_long(["hello", "world!"])
    if w != "":
        send_email("bob@example.com", w)
