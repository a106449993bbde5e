# Keyword arguments name the row type and the field as well.
# expect: proved
import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(field="email", schema=UserRow))
def main() -> None:
    rows = db_query("users", {"consented": True, "id": 3})
    if len(rows) > 0:
        send_email(rows[0].email, "hi")
