# min() of an empty list raises ValueError.
from tools.email.trusted.effects import send_email


def main() -> None:
    xs = [3, 1]
    send_email("bob@example.com", f"{min(xs)}")
    xs = [x for x in xs if x > 5]
    print(min(xs))
