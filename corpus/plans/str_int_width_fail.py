# str() of an int at the edge of int64: "-9223372036854775807" is str(x) for x = -(2**63 - 1), which Z3 4.8.12's str.from_int once ruled out, proving this assert.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(x: int) -> None:
    assert str(x) != "-9223372036854775807"
    send_email("bob@example.com", f"balance {x}")
