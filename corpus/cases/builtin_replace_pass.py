# The prover decides str.replace: constant arguments.
# builtin: str.replace
# expect: proved
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["deploy-1.2@example.com"]))
def main() -> None:
    version = " 1-2 ".replace("-", ".").strip()
    send_email("deploy-" + version + "@example.com", "deployed")
