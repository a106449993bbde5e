# str.index of a missing substring raises ValueError: substring not found.
from tools.email.trusted.effects import send_email


def main() -> None:
    s = "report.pdf"
    send_email("bob@example.com", s[s.index(".") + 1:])
    print(s.index("~"))
