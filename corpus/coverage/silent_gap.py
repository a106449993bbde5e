# Buys and promises nothing; the required total still holds.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


def main() -> None:
    buy("acme", 40)
