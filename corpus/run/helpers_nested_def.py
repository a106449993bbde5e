# Nested function definitions that read the enclosing function's variables.
from tools.email.trusted.effects import send_email


def main() -> None:
    domain = "example.com"
    sent: list[str] = []

    def addr(user: str) -> str:
        return f"{user}@{domain}"

    def notify(user: str, msg: str) -> None:
        send_email(addr(user), msg)
        sent.append(user)

    for u in ["ann", "bob"]:
        notify(u, f"hi {u}")
    print(sent, addr("x"))
