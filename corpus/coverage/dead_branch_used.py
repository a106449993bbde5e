# A purchase on a branch that never runs still makes the domain used (for
# coverage, over-telling is the safe side); the required total is proved.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


def spend(n: int) -> None:
    buy("acme", n)


def main() -> None:
    list_offers("acme")
    if 1 > 2:
        spend(500)
