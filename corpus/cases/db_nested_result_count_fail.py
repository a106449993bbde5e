# expect: not proved
# code: ProverLimit
# want: count of notify_at_most over a loop on an inner list of the result of user_groups needs its length bounded
# The ensures bound of user_groups (two groups) says nothing of each group's length.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify
from tools.groups.trusted.effects import user_groups


@clauz3.guarantee(db.notify_at_most(4))
def main() -> None:
    for group in user_groups():
        for u in group:
            if "@" in u.email:
                notify(u.email, "hi")
