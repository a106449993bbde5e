# A field the row type lacks is refused, located in the layer and at the
# call site.
# expect: refused
# code: LayerError
# want: contracts.py:9:30: row type UserRow has no field mail
# want: no_such_field_refused.py:14:19: contract addresses_from does not compile for the row types given here
import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(UserRow, "mail"))
def main() -> None:
    for row in db_query("users"):
        send_email(row.email, "x")
