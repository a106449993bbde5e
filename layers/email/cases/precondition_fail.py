# "bob" is not an address: send_email's precondition fails.
# expect: failed precondition send_email
# expect: requires: lambda addr, msg: '@' in addr
# expect: counterexample: addr = "bob"
import clauz3
from tools.email.trusted.effects import send_email

def main() -> None:
    send_email("bob", "Report is ready")
