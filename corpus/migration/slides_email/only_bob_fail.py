# The same layer refuses a plan that mails someone else.
# expect: not proved
# want: ✗ main: failed guarantee emails.only(['bob@example.com'])
# want: counterexample: addr = "ann@example.com"
import clauz3
import tools.email.trusted.contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("ann@example.com", "Report is ready")
