def main() -> None:
    xs = [5, 3, 8, 1, 9, 2]
    odds = [x * 2 for x in xs if x % 2 == 1]
    print(odds)
    sq = {x: x * x for x in xs if x > 2}
    print(sq)
    s = {x % 4 for x in xs}
    print(s, sorted(s, reverse=True), {40, 8, 33, 1, 16})
    pairs = [(x, y) for x in range(0, 3, 1) for y in "ab" if x != 1]
    print(pairs)
    print(sorted(xs, key=lambda v: -v), min(xs), max(xs), sum(xs))
    print(sum([0.1, 0.2, 0.3]), any([0, 0, 1]), all([]))
    for p in enumerate(xs, 1):
        if p[0] > 4:
            break
        print(p[0], p[-1])


main()
