# The type argument must be a row type.
# expect: refused
# code: TypeMismatch
# want: not_a_row_refused.py:10:41: argument schema of emails.addresses_from() must be a row type
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(str, "email"))
def main() -> None:
    send_email("a@b.c", "x")
