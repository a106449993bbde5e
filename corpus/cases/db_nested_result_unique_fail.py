# expect: not proved
# code: ProverLimit
# want: distinct of notify_once_each over a loop on an inner list of the result of user_groups
# __unique__ is checked on no inner list: two members of the first group may share an email.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import notify
from tools.groups.trusted.effects import user_groups


@clauz3.guarantee(db.notify_once_each())
def main() -> None:
    for group in user_groups():
        for m in group:
            if "@" in m.email:
                notify(m.email, "hi")
        break
