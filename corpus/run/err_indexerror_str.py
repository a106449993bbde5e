# Indexing past the end of a str raises IndexError: string index out of range.
from tools.email.trusted.effects import send_email


def main() -> None:
    s = "héllo"
    print(s[4], s[-5])
    send_email("bob@example.com", s[1])
    print(s[5])
