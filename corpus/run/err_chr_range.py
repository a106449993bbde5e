# chr() outside 0..0x10FFFF raises ValueError.
from tools.email.trusted.effects import send_email


def main() -> None:
    for n in [65, 0x10FFFF, 0x110000]:
        c = chr(n)
        send_email("bob@example.com", f"{ord(c)}")
