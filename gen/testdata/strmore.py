def main() -> None:
    s = "the cat sat on the mat"
    print(s.index("sat"), s.rfind("at"), s.rfind("zz"), s.rindex("the"), "éxé".rfind("é"))
    print("ab".center(6, "*"), "abc".center(6, "-"), "ab".ljust(5, "."), "ab".rjust(5), "x".center(4), "long".center(2))
    print("ǆemal ΣΑΣ ß".swapcase(), "Ab".islower(), "ab1".islower(), "AB".isupper(), "Ab Cd".istitle(), "ǅa".istitle())
    print("a,b,c,d".rsplit(",", 1), "  a b  c ".rsplit(), " a  b ".rsplit(None, 1), "a,b".rsplit(","))
    print("a-b-c".partition("-"), "a-b-c".rpartition("-"), "abc".partition("-"), "abc".rpartition("-"))
    head, sep, tail = "key=value=x".partition("=")
    print(head, sep, tail)
    xs = [1, 2]
    ys = xs
    xs.clear()
    xs.append(3)
    print(xs, ys, len(ys))
    parts = s.rsplit(" ", 2)
    print(parts, len(parts))
    print(s.index("~"))


if __name__ == "__main__":
    main()
