# list methods: append, extend, insert, pop, remove, index, count, reverse, sort, clear.
from tools.email.trusted.effects import send_email


def main() -> None:
    xs = [3, 1, 4]
    xs.append(1)
    xs.extend([5, 9])
    xs.insert(0, 2)
    xs.insert(100, 6)
    xs.insert(-1, 7)
    print(xs, len(xs))
    print(xs.pop(), xs.pop(0), xs.pop(-2), xs)
    xs.remove(1)
    print(xs, xs.index(4), xs.count(1), xs.count(8))
    xs.reverse()
    print(xs)
    xs.sort()
    print(xs)
    xs.sort(reverse=True)
    print(xs)
    ys = xs.copy()
    xs.append(0)
    print(xs, ys)
    send_email("bob@example.com", f"{ys}")
