# Trusted bank effects of the bundled bank layer (clauz3 layers/bank).
# Amounts are integers in cents. Every effect carries the marker "bank";
# the two that take money out of an account (withdraw, pay_bill) also carry
# "spend". The ledger refuses an overdraft at run time whatever the plan
# proved, so a spend may still fail; it never goes below zero.
import deal


@deal.pre(lambda account, amount: amount > 0, message="amount must be positive")
@deal.has("bank", "spend")
def withdraw(account: str, amount: int) -> None:
    """card: Withdraw {amount} from account {account}
    card action: take money out of an account
    card label account: account
    card label amount: amount
    card unit amount: cents, 2 decimals
    """
    ...


@deal.pre(lambda account, amount: amount > 0, message="amount must be positive")
@deal.has("bank", "deposit")
def deposit(account: str, amount: int) -> None:
    """card: Deposit {amount} into account {account}
    card action: put money into an account
    card label account: account
    card label amount: amount
    card unit amount: cents, 2 decimals
    """
    ...


@deal.pre(lambda account, payee, amount: amount > 0, message="amount must be positive")
@deal.pre(lambda account, payee, amount: len(payee) > 0, message="payee must be named")
@deal.has("bank", "spend")
def pay_bill(account: str, payee: str, amount: int) -> None:
    """card: Pay {amount} to {payee} from account {account}
    card action: pay a bill
    card label account: account
    card label payee: payee name
    card label amount: amount
    card unit amount: cents, 2 decimals
    """
    ...


@deal.post(lambda result: result >= 0)
@deal.has("bank", "balance")
def balance(account: str) -> int:
    """card: Read the balance of account {account}
    card action: read an account's balance
    card label account: account
    """
    ...
