# A list display of literals of different types passed to print, as mypy
# --strict accepts it (a list[object]): printed as CPython prints it.
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    print([1, "a", True, None, -2], ["x", 3])
    send_email("bob@example.com", "hi")
