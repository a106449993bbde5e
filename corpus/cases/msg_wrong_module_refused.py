# An effect imported from the layer's package, not its module.
# expect: refused
# code: ImportError
# want: msg_wrong_module_refused.py:6:1: cannot import name send_email from tools.email.trusted; it is in tools.email.trusted.effects
import clauz3
from tools.email.trusted import send_email


def main() -> None:
    send_email("bob@example.com", "hi")
