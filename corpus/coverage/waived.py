# An explicit waiver: visible, not silent.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


@clauz3.guarantee(shop.no_guarantees())
def main() -> None:
    buy("acme", 40)
