# Proved: the plan's assert holds on every path (the query is bounded by 10).
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(1))
def main() -> None:
    rows = db_query("users")
    assert len(rows) <= 10, "the query is bounded"
    if len(rows) == 0:
        notify("ops@example.com", "no users")
