# Helpers calling helpers, keyword arguments, defaults and tuple returns.
from tools.email.trusted.effects import send_email


def greet(name: str, greeting: str = "Hello", punct: str = "!") -> str:
    return f"{greeting}, {name}{punct}"


def shout(name: str) -> str:
    return greet(name.upper(), punct="!!!")


def split_name(full: str) -> tuple[str, str]:
    parts = full.split(" ")
    return parts[0], parts[-1]


def notify(full: str, formal: bool = False) -> None:
    first, last = split_name(full)
    msg = greet(f"Mx {last}", greeting="Dear") if formal else greet(first)
    send_email(f"{first.lower()}@example.com", msg)


def main() -> None:
    print(greet("ann"), greet("bob", "Hi"), greet(greeting="Yo", name="cat"), shout("dan"))
    notify("Ann Lee")
    notify("Bob de Vries", formal=True)
    notify(formal=False, full="Cat Stevens")
