# Everyone gets the same announcement.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.same_content("Maintenance at 18:00"))
def main() -> None:
    msg = "Maintenance at 18:00"
    for addr in ["ann@example.com", "bob@example.com", "cat@example.com"]:
        send_email(addr, msg)
