# Lists appended to once per iteration of a loop of known length are
# pre-sized by the generated code (gen/func.go, reserve); what the plan
# sees must not change, whatever the loop does.


def main() -> None:
    parts: list[str] = []
    for i in range(2000):
        parts.append(f"{i}:{i % 97}")
    text = ",".join(parts)
    print(len(parts), len(text), text[:30])
    down: list[int] = []
    for j in range(5, 0, -1):
        down.append(j * j)
    print(down)
    # stops long before the range's end: the reservation is capped
    big: list[int] = []
    for k in range(1000000000):
        big.append(k)
        if k == 3:
            break
    print(big, len(big))
    # the body rebinds the list: each iteration appends to a new one
    acc: list[int] = [7]
    for m in range(4):
        acc = []
        acc.append(m)
    print(acc)
    # an alias sees the appends
    a: list[int] = []
    b = a
    for n in range(3):
        b.append(n)
    print(a, len(b))


if __name__ == "__main__":
    main()
