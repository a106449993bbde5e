# sorted with key= is stable (also with reverse=True); strings sort by code point.
from tools.email.trusted.effects import send_email


def main() -> None:
    people = [("ann", 31), ("bob", 27), ("cat", 31), ("dan", 27), ("eve", 35)]
    print(sorted(people, key=lambda p: p[1]))
    print(sorted(people, key=lambda p: p[1], reverse=True))
    print(sorted(people, key=lambda p: -p[1]))
    print(sorted(people))
    print(sorted(["éclair", "Zebra", "apple", "Äpfel", "zoo", "10", "9"]))
    print(sorted(["bb", "a", "ccc", "dd", "e"], key=len))
    print(sorted([3, 1, 2], reverse=True), sorted("hello"), sorted([2.5, -1.0, 0.0]))
    print(sorted({"b": 1, "a": 2}), sorted([(1, "b"), (1, "a"), (0, "z")]))
    xs = [5, 3, 8]
    ys = sorted(xs)
    print(xs, ys)
    for name, age in sorted(people, key=lambda p: (p[1], p[0]))[:2]:
        send_email(f"{name}@example.com", f"age {age}")
