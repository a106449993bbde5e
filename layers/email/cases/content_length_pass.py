# A body built from a short literal stays under the limit.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.content_length_at_most(40))
def main(ok: bool) -> None:
    status = "failed"
    if ok:
        status = "done"
    send_email("bob@example.com", f"Deploy {status}.")
