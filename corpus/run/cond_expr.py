# Conditional expressions (nested too) and and/or returning operand values.
from tools.email.trusted.effects import send_email


def grade(score: int) -> str:
    return "A" if score >= 90 else "B" if score >= 80 else "C" if score >= 70 else "F"


def main() -> None:
    print([grade(s) for s in [95, 85, 75, 10]])
    name = ""
    shown = name or "anonymous"
    print(shown, "x" and "y", "" and "y", 0 or 5, 3 and 0, not "", not "a")
    n = 7
    parity = "even" if n % 2 == 0 else "odd"
    print(parity, (n > 5) and (n < 10), None is None)
    send_email("bob@example.com" if n > 5 else "ann@example.com", f"{n} is {parity}")
