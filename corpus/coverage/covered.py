# Every recommended contract promised, the required total holds.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


@clauz3.guarantee(shop.only_vendor("acme"))
@clauz3.guarantee(shop.at_most(2))
def main() -> None:
    buy("acme", 40)
    buy("acme", 50)
