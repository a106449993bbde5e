# A subject from the input could carry a header line.
# expect: failed precondition send_email_with_subject
# expect: counterexample: subject = 
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email_with_subject

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main(subject: str) -> None:
    send_email_with_subject("bob@example.com", subject, "body")
