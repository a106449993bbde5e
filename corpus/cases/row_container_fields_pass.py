# A row with container fields the plan does not read: guarded sends are
# proved (reading a container column in a proof is a ProverLimit).
# expect: proved
import clauz3
from tools.profiles.trusted.effects import list_profiles
from tools.email.trusted.effects import send_email


def main() -> None:
    for p in list_profiles():
        nick = p.nick
        if "@" in p.email and nick is not None:
            send_email(p.email, nick)
