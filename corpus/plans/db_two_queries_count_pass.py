# Proved: two independent queries of up to 10 rows make at most 20 notifications.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query, notify


@clauz3.guarantee(db.notify_at_most(20))
def main() -> None:
    for row in db_query("users"):
        if "@" in row.email:
            notify(row.email, "first")
    for row in db_query("staff"):
        if "@" in row.email:
            notify(row.email, "second")
