# Set algebra (&, |, -) checked through len and membership only.
from tools.email.trusted.effects import send_email


def main() -> None:
    seen = {"ann@example.com", "bob@example.com"}
    both = seen & {"bob@example.com", "dan@example.com"}
    either = seen | {"eve@example.com"}
    only = seen - {"ann@example.com"}
    print(len(both), len(either), "eve@example.com" in either, len(only), "bob@example.com" in only)
    if "bob@example.com" in both:
        send_email("bob@example.com", "in both")
