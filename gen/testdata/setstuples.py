def pick(t: tuple[int, str, float]) -> tuple[str, float]:
    return t[1:]


def main() -> None:
    a = {"x", "y", "w"}
    b = {"y", "z"}
    print(len(a & b), len(a | b), len(a - b), len(a ^ b), "w" in a - b, "y" in a ^ b)
    print(a & b == {"y"}, a ^ b == {"x", "w", "z"}, len(a), len(b))
    t = (1, "a", 2.5)
    print(t * 2, pick(t), t[::-1], t[:-1] + () * 3, t * 0, t[5:], (t * 2)[1:5:2])


if __name__ == "__main__":
    main()
