# contractgen seed 3
import clauz3
from tools.bank.trusted import contracts as bank_c
from tools.email.trusted import contracts as email_c
from tools.bank.trusted.effects import deposit
from tools.bank.trusted.effects import withdraw
from tools.email.trusted.effects import send_email


@clauz3.guarantee(bank_c.max_withdrawals(0))
def main(flag: bool) -> None:
    total_1 = 0
    seen_2: list[str] = []
    withdraw("savings", 9)
    total_1 += 9
    deposit("savings", 3)
    if "eve@elsewhere.example".startswith("/"):
        if "ops@corp.example" == "ann@example.com":
            return
    else:
        seen_2.append("ops@corp.example")
    send_email("ann@example.com", "hello there" + "!")
