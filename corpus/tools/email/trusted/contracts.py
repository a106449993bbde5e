# Contract vocabulary of the email layer. @contract bodies are compiled
# statically by ClauZ3, never executed.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing
from tools.email.trusted.effects import send_email

Email = effect(send_email)


@contract
def only(addresses: list[str]) -> ContractSpec:
    return Email.all(lambda e: e.addr in addresses)


@contract
def unique_recipients() -> ContractSpec:
    return Email.distinct(lambda e: e.addr)


@contract
def none() -> ContractSpec:
    return Email.empty()


@contract
def no_guarantees() -> ContractSpec:
    return nothing()


@contract
def at_most(n: int) -> ContractSpec:
    return Email.count() <= n


@contract
def recipient_at_most(addr: str, n: int) -> ContractSpec:
    return Email.where(lambda e: e.addr == addr).count() <= n


@contract
def content_length_at_most(n: int) -> ContractSpec:
    return Email.all(lambda e: len(e.msg) <= n)


@contract
def copied_to(addr: str) -> ContractSpec:
    # Some message sent to addr was sent to someone else too.
    to_addr = Email.where(lambda e: e.addr == addr)
    return to_addr.shares_value(Email.where(lambda e: e.addr != addr), lambda e: e.msg)
