import deal


@deal.pre(lambda account, amount: amount > 0, message="amount must be positive")
@deal.pre(lambda account: account.startswith("acct-"))
@deal.has("spend", "io")
def withdraw(account: str, amount: int) -> None: ...


@deal.has("spend")
def fee(amount: int, account: str = "acct-fees") -> None:
    pass


@deal.post(lambda result: result >= 0)
@deal.has("read")
def balance(account: str) -> int: ...
