# A later call in a helper is reached only where the earlier precondition held: two sends to one address, the second in a helper, and a withdraw of what the first needed (issue 12).
# expect: not proved
# want: failed precondition send_email (line 17)
# want: proved: precondition send_email (line 10), precondition withdraw (line 11)
from tools.bank.trusted.effects import withdraw
from tools.email.trusted.effects import send_email


def again(addr: str, amount: int) -> None:
    send_email(addr, "again")
    withdraw("checking", amount)


def main(addr: str, amount: int) -> None:
    if amount <= 0:
        addr = "nobody"
    send_email(addr, "first")
    again(addr, amount)
