def middle() -> int:
    print("middle")
    return 5


def main() -> None:
    xs = [4, 1, 3]
    xs.extend([9, 2])
    xs.insert(-1, 7)
    print(xs, xs.pop(), xs.pop(0), xs.index(3), xs.count(7))
    xs.reverse()
    print(xs, xs[::2], xs[1:3], xs[-2:], xs[::-1])
    ys = xs.copy()
    ys.sort(key=lambda v: v % 3, reverse=True)
    ys.remove(3)
    print(ys, xs + [0], [1, 2] * 2, "ab" * 3, min(3, 1, 2), max("b", "a", "c"), max(xs, key=lambda v: -v))
    print(list(zip(xs, "abc")), list(reversed(xs)), abs(-7), abs(-2.5), ord("é"), chr(233), int(3.9), int(-3.9), float(2), bool(0), bool("x"))
    s = {3, 1}
    s.add(2)
    s.discard(1)
    print(s, 2 in s, len(s))
    t = (1, "a") + (2.5,)
    print(t, t[0], t[-1], len(t))
    e = []
    if not e and len(xs) > 0:
        print("empty e", 1 < middle() < 10, 2 == 2.0, 3 < 2.5)
    print(xs[len(xs)])


main()
