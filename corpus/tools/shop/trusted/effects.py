# Trusted shop effects (deal spelling): a purchase is money leaving.
import deal


@deal.pre(lambda vendor, amount: amount > 0, message="amount must be positive")
@deal.has("purchase")
def buy(vendor: str, amount: int) -> None: ...


@deal.has("browse")
def list_offers(vendor: str) -> None: ...
