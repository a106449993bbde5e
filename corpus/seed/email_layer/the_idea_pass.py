# Slide "The idea": the agent code under the slide's trusted email layer
# (tools/email/trusted here: slides "1 · A trusted email layer" and
# "Coverage policies", verbatim, with no __init__.py).
# expect: proved
# want: ✓ main: proved
# coverage: email:recommended_gap
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "hi")
