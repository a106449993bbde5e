# int/float mixing: true division always gives a float; int() truncates toward zero.
from tools.email.trusted.effects import send_email


def main() -> None:
    print(7 / 2, 8 / 2, -7 / 2, 1 / 3)
    print(1 + 2.5, 3 * 0.5, 2 - 0.25, 10 / 4.0)
    print(int(3.9), int(-3.9), int(2.0), float(3), float(-0))
    print(abs(-2.5), abs(-7), abs(0.0))
    x = 5
    y = x / 2
    z = x // 2
    print(y, z, y * 2 == x, 1 == 1.0, 2 < 2.5, 3 >= 3.0)
    print(min(1.0, 2.5), max(float(1), 2.5), min(3.0, -0.0), max(-1.5, -1.0))
    send_email("bob@example.com", f"half of {x} is {y}")
