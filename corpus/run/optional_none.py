# T | None values: None checks with is / is not, and default None parameters.
from tools.email.trusted.effects import send_email


def lookup(d: dict[str, str], key: str) -> str | None:
    if key in d:
        return d[key]
    return None


def greet(name: str | None = None) -> str:
    if name is None:
        return "hello, stranger"
    return f"hello, {name}"


def main() -> None:
    emails = {"ann": "ann@example.com"}
    for who in ["ann", "bob"]:
        addr = lookup(emails, who)
        if addr is not None:
            send_email(addr, greet(who))
        else:
            print(who, "has no address:", addr)
    print(greet(), greet("cat"))
    x: int | None = None
    print(x is None, x)
    x = 5
    if x is not None:
        print(x + 1)
