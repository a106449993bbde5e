# raise KeyError("x") renders its argument with repr, as CPython does.
from tools.email.trusted.effects import send_email


def main() -> None:
    known = {"ann": "ann@example.com"}
    for who in ["ann", "zed"]:
        if who not in known:
            raise KeyError(who)
        send_email(known[who], "hello")
