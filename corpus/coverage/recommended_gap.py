# Promises only_vendor but not at_most.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


@clauz3.guarantee(shop.only_vendor("acme"))
def main() -> None:
    buy("acme", 40)
