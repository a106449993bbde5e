# list.remove of a missing value raises ValueError.
from tools.email.trusted.effects import send_email


def main() -> None:
    xs = ["a", "b"]
    xs.remove("a")
    send_email("bob@example.com", f"{xs}")
    xs.remove("z")
