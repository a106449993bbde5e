# Refused: a plan's assert is an obligation, never an assumption; it can fail here.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    rows = db_query("users")
    assert len(rows) > 0, "there are users"
    notify("ops@example.com", "users exist")
