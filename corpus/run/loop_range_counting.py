# for over range with step 1 or -1 (a counting loop in Go), in statements and comprehensions: bounds read once, the loop variable after the loop, assigned in the body, read by a closure.


def limit(calls: list[int]) -> int:
    calls.append(len(calls))
    print("limit called", len(calls))
    return 3


def main() -> None:
    i = -1
    for i in range(0):
        print("never")
    print("empty keeps", i)
    for i in range(3):
        pass
    print("after", i)
    n = 5
    seen: list[int] = []
    k = 0
    for k in range(n):
        n = n - 1
        seen.append(k)
        k = k * 100
    print(seen, n, k)
    down: list[int] = []
    j = 99
    for j in range(n + 3, n - 3, -1):
        if j == 3:
            continue
        if j == 0:
            break
        down.append(j)
    print(down, j)
    m = 0

    def show() -> str:
        return f"m={m}"

    for m in range(2, 4):
        print(show())
    print(show())
    big = 9223372036854775807
    last = 0
    for last in range(big - 2, big):
        print(last)
    print([q * 2 for q in range(4)])
    calls: list[int] = []
    print([(a, b) for a in range(3) for b in range(a, limit(calls))], calls)
    print([c for c in range(limit(calls), -2, -1) if c != 1], [0 for _ in range(2)])
