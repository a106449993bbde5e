# A typo in a contract name imported by name suggests the nearest name too.
# expect: refused
# code: ImportError
# want: msg_contract_typo_import_refused.py:6:1: cannot import name onyl from tools.email.trusted.contracts; did you mean only?
import clauz3
from tools.email.trusted.contracts import onyl
from tools.email.trusted.effects import send_email

@clauz3.guarantee(onyl(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "hi")
