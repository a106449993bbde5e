# Slide "6 · And if the agent gets it wrong": refused with the slide's
# counterexample (the plan's imports are the slides' own, from slide 2).
# expect: not proved
# want: ✗ main: failed guarantee
# want: counterexample: addr = "ann@example.com"
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("ann@example.com", "Report is ready")
