# expect: not proved
# code: ProverLimit
# want: a comprehension over an inner list of the result of user_groups needs its length bounded
# A comprehension over an inner list cannot be unrolled: no ensures bounds its length.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify
from tools.groups.trusted.effects import user_groups


@clauz3.guarantee(db.notify_at_most(4))
def main() -> None:
    for group in user_groups():
        emails = [m.email for m in group]
        for e in emails:
            if "@" in e:
                notify(e, "hi")
