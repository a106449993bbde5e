# expect: proved
# The outer list is bounded by the ensures: at most two groups, one notice each.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify
from tools.groups.trusted.effects import user_groups


@clauz3.guarantee(db.notify_at_most(2))
def main() -> None:
    for group in user_groups():
        notify("ops@example.com", "a group")
