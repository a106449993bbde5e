# Tuple repetition and slicing.
from tools.email.trusted.effects import send_email


def main() -> None:
    t = (1, 2, 3, 4)
    print(t * 2, t[1:], t[::-1], t[:1], () * 3)
    send_email("bob@example.com", f"{t[1:3]}")
