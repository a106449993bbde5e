# A slice with step 0 raises ValueError: slice step cannot be zero.
from tools.email.trusted.effects import send_email


def main() -> None:
    s = "abcdef"
    for step in [2, -1, 0]:
        send_email("bob@example.com", s[::step])
