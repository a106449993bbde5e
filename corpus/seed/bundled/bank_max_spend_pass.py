# Slide "7 · Aggregates: a bank example", first plan, with the bundled bank
# layer (the slide shows the decorator and main; the imports are added).
# expect: proved
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    withdraw("checking", 2)
    withdraw("checking", 3)
