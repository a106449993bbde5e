# A symbolic amount the plan does not bound: the required total fails.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


@clauz3.guarantee(shop.only_vendor("acme"))
@clauz3.guarantee(shop.at_most(1))
def main(amount: int) -> None:
    if amount > 0:
        buy("acme", amount)
