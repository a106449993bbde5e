# A list display of values of different types passed to print, as mypy
# --strict accepts it (a list[object]): printed as CPython prints it.
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(name: str) -> None:
    print([1, "x", len(name)], [len(name) > 2, None, "a"], [name, "b"])
    send_email("bob@example.com", "hi")
