# A query result whose rows share a __unique__ column (UserRow.email) is
# refused as a failed postcondition before the plan sees it.
from tools.db.trusted.effects import db_query, notify


def main() -> None:
    print("querying")
    for u in db_query("users"):
        print(u.id)
        notify(u.email, "hi")
