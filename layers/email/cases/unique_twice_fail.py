# A reminder path sends Bob a second message.
# expect: failed guarantee emails.unique_recipients()
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.unique_recipients())
def main(remind: bool) -> None:
    send_email("bob@example.com", "Report is ready")
    if remind:
        send_email("bob@example.com", "Reminder: report is ready")
