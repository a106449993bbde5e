# Nested defs read enclosing variables at call time; names they assign are their own.
def scaled(n: int) -> int:
    def times(k: int) -> int:
        return n * k

    return times(10) + times(1)


def main() -> None:
    greeting = "hi"
    seen: list[str] = []
    count = 0
    label = "outer"

    def greet(name: str) -> str:
        return f"{greeting} {name}"

    def visit(name: str) -> None:
        label = greet(name).upper()

        def shout() -> str:
            return label + "!" * (count + 1)

        seen.append(shout())

    visit("ann")
    greeting = "hello"
    count = 2
    visit("bob")
    print(seen, greet("cy"), scaled(3), scaled(4), label)
    totals = {"a": 1}

    def bump(key: str, by: int) -> int:
        totals[key] = totals.get(key, 0) + by
        return totals[key]

    print(bump("a", 2), bump("b", 5), sorted(totals.items()))
    print(sorted(seen, key=lambda s: len(s) - count))


if __name__ == "__main__":
    main()
