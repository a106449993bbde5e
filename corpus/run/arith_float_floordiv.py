# Float floor division and modulo: signs follow the divisor, as in CPython.
from tools.email.trusted.effects import send_email


def main() -> None:
    print(7.5 // 2, -7.5 // 2, 7.5 // -2, -7.5 // -2)
    print(7.5 % 2, -7.5 % 2, 7.5 % -2, -7.5 % -2)
    print(5 % 2.5, -5 % 2.5, 0.0 % 3, -0.0 // 1)
    print(1.0 // 0.1, 1.0 % 0.1)
    print(-1 % 1e16, 10 // 3.0)
    send_email("bob@example.com", f"{-7.5 // 2} {-7.5 % 2}")
