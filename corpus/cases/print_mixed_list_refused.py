# Mixed elements that are not all literals stay refused (the list would
# need a type mypy calls object).
# expect: refused
# want: print_mixed_list_refused.py:12:15: list elements must have one type, got int and str
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(name: str) -> None:
    print([1, name])
    send_email("bob@example.com", "hi")
