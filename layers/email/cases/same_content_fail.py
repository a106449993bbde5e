# The last recipient gets a personalised text.
# expect: failed guarantee emails.same_content('Maintenance at 18:00')
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.same_content("Maintenance at 18:00"))
def main() -> None:
    send_email("ann@example.com", "Maintenance at 18:00")
    send_email("bob@example.com", "Maintenance at 18:00, Bob: please stay")
