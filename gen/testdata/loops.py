def total(xs: list[int]) -> int:
    s = 0
    for x in xs:
        if x < 0:
            continue
        if x > 100:
            break
        s = s + x
    return s


def main() -> None:
    xs = [3, -1, 4, 1, 5, 200, 9]
    print(total(xs))
    acc = []
    for i in range(10, 0, -3):
        acc.append(i * i)
    print(acc, len(acc))
    for c in "héllo":
        print(c, end="|")
    print()
    n = 7
    print(n // 2, -n // 2, n % 3, -n % 3, n / 2, 2 ** 10)
    print(i, 1 < n, 0 < total(acc) <= 200)
    print(n // (n - 7))


main()
