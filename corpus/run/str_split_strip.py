# split with and without separators, maxsplit, strip variants and join.
from tools.email.trusted.effects import send_email


def main() -> None:
    line = "  alpha, beta,,gamma ,  "
    print(line.split(","))
    print(line.split())
    print("a b  c\td\ne".split())
    print("a,b,c,d".split(",", 2), "a,b,c,d".split(",", 0), "a b  c".split(None, 1))
    print("".split(), "".split(","), "   ".split())
    print("[" + line.strip() + "]", "[" + line.lstrip() + "]", "[" + line.rstrip(" ,") + "]")
    print("xxhixx".strip("x"), "--a--".lstrip("-"), "\u00a0nbsp\u3000".strip())
    parts = [p.strip() for p in line.split(",") if p.strip()]
    print(" | ".join(parts), "".join(["a", "b"]), "-".join([]))
    print("one\ntwo\r\nthree".splitlines())
    send_email("bob@example.com", ";".join(parts))
