# A wrong import path suggests the right one.
# expect: refused
# code: ImportError
# want: msg_wrong_path_refused.py:6:1: import of tools.email.effects is not supported; did you mean tools.email.trusted.effects?
import clauz3
from tools.email.effects import send_email


def main() -> None:
    send_email("bob@example.com", "hi")
