# len(), in and reversed() of ranges are computed, never by building the list: a range of 2**63 - 1 items is a number in CPython.
from tools.email.trusted.effects import send_email


def main() -> None:
    n = 9223372036854775807
    print(len(range(n)), len(range(-n, n, 3)), len(range(n, -n, -5)), len(range(0, n, 2)))
    print(9 in range(n), -5 in range(-n, n, 5), 7 not in range(n, 0, -7), n - 1 in range(n))
    for i in reversed(range(n)):
        print(i)
        break
    for j, k in enumerate(reversed(range(-n - 1, n, n))):
        print(j, k)
    for a, b in zip(reversed(range(3, n, 4)), "ab"):
        print(a, b)
    for start in [-7, -1, 0, 2, 5]:
        for stop in [-6, 0, 1, 5, 9]:
            for step in [-3, -1, 1, 2, 4]:
                print(start, stop, step, len(range(start, stop, step)), list(reversed(range(start, stop, step))), [x for x in range(-8, 10) if x in range(start, stop, step)])
    send_email("a@example.com", f"{len(range(n))}")
    print(len(range(-n - 1, n)))
