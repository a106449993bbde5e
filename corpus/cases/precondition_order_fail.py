# A failed precondition ends the run: withdraw fails only when amount <= 0, and then send_email already failed, so only send_email's counterexample exists (issue 12).
# expect: not proved
# want: failed precondition send_email (line 12)
# want: proved: precondition withdraw (line 13)
from tools.bank.trusted.effects import withdraw
from tools.email.trusted.effects import send_email


def main(addr: str, amount: int) -> None:
    if amount <= 0:
        addr = "nobody"
    send_email(addr, "paying")
    withdraw("checking", amount)
