# Quoted annotations, as written under from __future__ import annotations or
# for forward references, mean the types they hold.
# expect: proved
from __future__ import annotations

import clauz3
from tools.db.trusted.effects import db_query, notify
from tools.db.trusted.schemas import UserRow


def greet(row: "UserRow", subject: "str | None" = None) -> "bool":
    if subject is not None and "@" in row.email:
        notify(row.email, subject)
        return True
    return False


def main() -> None:
    users: "list[UserRow]" = db_query("users")
    for u in users:
        greet(u, "hello")
