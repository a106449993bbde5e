# Refused: over an unbounded result, inactive users' notices go to a literal address.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, notify


@clauz3.guarantee(db.notify_only_users())
def main() -> None:
    for user in all_users():
        if user.active and "@" in user.email:
            notify(user.email, "hello")
        else:
            notify("admin@example.com", "inactive user")
