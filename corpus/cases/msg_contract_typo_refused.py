# A typo in a contract name suggests the nearest name.
# expect: refused
# code: UndefinedName
# want: msg_contract_typo_refused.py:9:19: tools.email.trusted.contracts has no contract onyl; did you mean only?
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.onyl(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "hi")
