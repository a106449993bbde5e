# Contract vocabulary of the test mail layer.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing
from tools.mail.trusted.effects import send_email

Email = effect(send_email)


@contract
def only(addresses: list[str]) -> ContractSpec:
    """Every email goes to one of addresses."""
    return Email.all(lambda e: e.addr in addresses)


@contract
def unique_recipients() -> ContractSpec:
    return Email.distinct(lambda e: e.addr)


@contract
def at_most(n: int = 3) -> ContractSpec:
    return Email.count() <= n


@contract
def inside(suffix: str) -> ContractSpec:
    outside = Email.where(lambda e: not e.addr.endswith(suffix))
    return outside.empty()


@contract
def short_to(addr: str, limit: int) -> ContractSpec:
    return Email.where(lambda e: e.addr == addr).where(lambda e: len(e.msg) > 0).all(lambda e: len(e.msg) <= limit - 1)


@contract
def nothing_promised() -> ContractSpec:
    return nothing()
