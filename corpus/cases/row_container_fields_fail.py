# A row whose unread fields are a list, dict, set, tuple and optional: the
# counterexample replays (their values do not matter) and is shown.
# expect: not proved
# want: failed precondition send_email (line 13)
# want: counterexample:
import clauz3
from tools.profiles.trusted.effects import list_profiles
from tools.email.trusted.effects import send_email


def main() -> None:
    for p in list_profiles():
        send_email(p.email, "hello")
