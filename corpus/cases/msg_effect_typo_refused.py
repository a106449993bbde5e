# A typo in an effect's name where the plan calls it suggests the imported name.
# expect: refused
# code: UndefinedName
# want: msg_effect_typo_refused.py:11:5: name send_emial is not defined; did you mean send_email?
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_emial("bob@example.com", "hi")
