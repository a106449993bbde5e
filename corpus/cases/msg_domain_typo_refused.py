# A typo in the layer's domain suggests the project's layer of the nearest name.
# expect: refused
# code: ImportError
# want: msg_domain_typo_refused.py:7:1: no trusted layer tools.emial.trusted in this project (no folder tools/emial/trusted under the import roots); did you mean tools.email.trusted.effects?
import clauz3
from tools.email.trusted import contracts as emails
from tools.emial.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "hi")
