# raise of an exception class without arguments prints just the class name.
from tools.email.trusted.effects import send_email


def main() -> None:
    send_email("ann@example.com", "before")
    mode = "strict"
    if mode == "strict":
        raise RuntimeError
    send_email("ann@example.com", "after")
