def pick(xs: list[str], want: str) -> str | None:
    for x in xs:
        if x.startswith(want):
            return x
    return None


def main() -> None:
    words = "  The quick  brown FOX  ".split()
    print(words, " ".join(words).lower(), "straße".upper(), "ΣΑΣ".lower(), "hello wORLD".title())
    print("a,b,,c".split(","), "x".zfill(4), "-7".zfill(4), "héllo"[1], "héllo"[-2:], "héllo"[::-1], "abcabc".find("c"), "abcabc".count("bc"))
    found = pick(words, "br")
    print(found, found is None, pick(words, "zz") is None)
    label = "big" if len(words) > 3 else "small"
    name = "" or "anon"
    print(label, name, 0 or 5, 3 and 4, repr("it's"), int(" 42 "), float("1e3"), round(2.5), round(2.675, 2))
    assert len(words) == 4, f"got {len(words)}"
    n = 9223372036854775807
    print(n - 1)
    print(n + 1)  # ClauZ3 ints are 64-bit: OverflowError: integer overflow (strings.out records that)


main()
