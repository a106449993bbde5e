# Refused: withdraw(-2) fails its precondition, which ends every run there, so the assert after it is never reached and is proved (its counterexample used to rest on a run that went past the failed call).
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(17))
def main() -> None:
    withdraw("checking", -2)
    assert 1 == 2
