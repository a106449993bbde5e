# The original's db contract only_where(filter_dict: dict[str, object]):
# every query's where equals the dict given at the call site.
# expect: proved
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query
from tools.email.trusted.effects import send_email


@clauz3.guarantee(db.only_where({"consented": True, "id": 3}))
def main() -> None:
    for row in db_query("users", where={"id": 3, "consented": True}):
        send_email(row.email, "hi")
