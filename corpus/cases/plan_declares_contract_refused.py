# A plan may not declare its own contracts.
# expect: refused
# code: Unsupported
# want: plan_declares_contract_refused.py:5:1: import of clauz3.spec is not supported
from clauz3.spec import ContractSpec, contract, effect
from tools.shop.trusted.effects import buy


def main() -> None:
    buy("acme", 5)
