# range(3) unrolls to three messages; the subject variant counts too.
# expect: failed guarantee emails.at_most(2)
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email_with_subject

@clauz3.guarantee(emails.at_most(2))
def main() -> None:
    for i in range(3):
        send_email_with_subject("bob@example.com", f"Part {i + 1}", "...")
