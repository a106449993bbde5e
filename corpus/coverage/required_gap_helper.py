# The purchase is inside a helper: it still counts as use and as spend.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


def restock(n: int) -> None:
    if n > 10:
        buy("acme", n)


def main(n: int) -> None:
    restock(n)
