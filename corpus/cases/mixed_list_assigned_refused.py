# A list of values of different types is a list[object] to mypy, which is
# not a plan type: only a display printed as is is accepted.
# expect: refused
# code: TypeMismatch
# want: mixed_list_assigned_refused.py:13:14: list elements must have one type, got int and str (mypy joins them to object, which is not a plan type)
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(name: str) -> None:
    xs = [1, name]
    print(xs)
    send_email("bob@example.com", "hi")
