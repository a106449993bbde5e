# Trusted bank effects (deal spelling of the decorators).
import deal


@deal.pre(lambda account, amount: amount > 0, message="amount must be positive")
@deal.has("spend")
def withdraw(account: str, amount: int) -> None:
    """card: Withdraw {amount} from account {account}
    card action: take money out of an account
    card label account: account
    card label amount: amount
    card unit amount: cents, 2 decimals
    """
    ...


@deal.pre(lambda account, amount: amount > 0)
@deal.has("deposit")
def deposit(account: str, amount: int) -> None:
    """card: Deposit {amount} into account {account}
    card action: put money into an account
    card label account: account
    card label amount: amount
    card unit amount: cents, 2 decimals
    """
    ...
