# The seed's newsletter (slide 8) against layers written as the original's:
# addresses_from(schema: type, field: str) with column = getattr(schema,
# field), instantiated at the call site with UserRow and "email".
# expect: proved
import clauz3
from tools.db.trusted.effects import db_query
from tools.db.trusted.schemas import UserRow
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.addresses_from(UserRow, "email"))
@clauz3.guarantee(emails.count_at_most(100))
def main() -> None:
    for row in db_query("users", where={"consented": True}):
        send_email(row.email, "Newsletter is out!")
