# Three purchases of 40 in a loop: 120 > 100.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


def main() -> None:
    for i in range(3):
        buy("acme", 40)
