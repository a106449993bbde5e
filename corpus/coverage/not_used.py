# Imports the shop but only browses: the domain is not used.
import clauz3
from tools.shop.trusted import contracts as shop
from tools.shop.trusted.effects import buy, list_offers


def main() -> None:
    list_offers("acme")
