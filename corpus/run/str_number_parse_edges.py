# int() and float() of strs at the parsers' edges: ASCII-only stripping (\x1c is isspace() but not stripped), Unicode spaces and digits, signed nan, the 4300-digit limit.
from tools.email.trusted.effects import send_email


def parse(s: str) -> str:
    if s.strip() == "" or "\x1c" in s or "\x1f" in s or "_" == s[:1] or "__" in s or "x" in s:
        return "skip"
    return str(int(s))


def main() -> None:
    for s in [" 12 ", "\u00855\u00a0", "\u20031\u2003", "١_٢", "߀", "+7", "-0", "007"]:
        print(repr(s), parse(s), float(s))
    for t in ["+NaN", "-nan", "+inf", "-iNF", "1_0e1_0", "1e-3_0", "\u00851.5\u3000"]:
        print(repr(t), float(t))
    print(len("0" * 4300), int("0" * 4300))
    n = int("\x1c5")
    send_email("a@example.com", str(n))
