# ord and chr across ASCII, Latin-1, CJK and astral code points.
from tools.email.trusted.effects import send_email


def main() -> None:
    for ch in ["A", "z", "é", "€", "日", "😀"]:
        print(ch, ord(ch), chr(ord(ch)) == ch)
    print(chr(65), chr(233), chr(0x65E5), chr(128512), chr(97 + 25))
    shifted = "".join([chr(ord(c) + 1) for c in "HAL"])
    print(shifted)
    send_email("bob@example.com", shifted)
