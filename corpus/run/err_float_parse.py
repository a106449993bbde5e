# float() of a non-numeric string raises ValueError with the repr of the string.
from tools.email.trusted.effects import send_email


def main() -> None:
    for s in ["2.5", " -1e3 ", "1_0.5", "nanx"]:
        v = float(s)
        send_email("bob@example.com", f"{v}")
