# Python's idea of whitespace and digits is Unicode's: split/strip/isspace/isdigit and int() on non-ASCII.
from tools.bank.trusted.effects import deposit


def main() -> None:
    s = "a\x1cb\x1dc\x1ed\x1fe\x85f\u2028g\u3000h\u00a0i"
    print(s.split(), len(s.split()), "\x1c x \x1f".strip() == "x", "\x85".isspace(), "\u200b".isspace())
    print("²".isdigit(), "٣".isdigit(), "Ⅷ".isdigit(), "½".isdigit(), "x²".isalpha(), "ǅ".isalpha())
    print(int("١٢٣"), int("  ٤٢ "), float("١.٥"), int("\u00a07\u3000"), int("-0"), int("+٩"))
    print("ﬃ".upper(), "ΑΣ".lower(), "ΑΣ Α".lower(), "ǆ".title(), "ŉ".upper(), len("ŉ".upper()))
    print(len("👩‍💻"), "👩‍💻"[0], "👩‍💻"[1:], sorted(["é", "e", "z", "😀", "Ω"]), max("a😀b"), min("日本"))
    deposit("savings", int("١٢"))
