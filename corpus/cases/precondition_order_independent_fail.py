# The later precondition can fail where the earlier one holds: both are refused, and withdraw's counterexample replays with a valid address (issue 12).
# expect: not proved
# want: failed precondition send_email (line 15)
# want: failed precondition withdraw (line 11)
# want: addr = "
from tools.bank.trusted.effects import withdraw
from tools.email.trusted.effects import send_email


def pay(amount: int) -> None:
    withdraw("checking", amount)


def main(addr: str, amount: int) -> None:
    send_email(addr, "paying")
    pay(amount)
