# Float overflow gives inf (no exception), and inf prints as inf; int overflow is another matter.
from tools.email.trusted.effects import send_email


def main() -> None:
    big = 1e308
    print(1e308 * 10, -1e308 * 10, big * 10, big + big, -(big * 10))
    x = big * 10
    print(x > big, x == x + 1, f"{x}", f"{x:.2f}", str(-x))
    send_email("bob@example.com", f"{x}")
