def lookup(d: dict[str, int], key: str) -> int | None:
    if key in d:
        return d[key]
    return None


def describe(name: str | None = None) -> str:
    if name is None:
        return "nobody"
    return name.upper() + "!" * len(name)


def main() -> None:
    ages = {"ann": 31, "bob": 40}
    total = 0
    for who in ["ann", "cy", "bob"]:
        age = lookup(ages, who)
        if age is None:
            continue
        total += age * 2
    print(total, describe(), describe("cy"))
    xs: list[int] | None = None
    print(xs is not None and len(xs) > 0, xs)
    xs = [3, 1, 2]
    if xs is not None and len(xs) > 1:
        xs.sort()
        print(xs, xs[0] + 1, [v * 10 for v in xs])
    x: int | None = 7
    if not x is None:
        print(-x, f"{x:>4}")


if __name__ == "__main__":
    main()
