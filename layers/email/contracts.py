# Contract vocabulary of the bundled email layer. @contract bodies are
# compiled statically by ClauZ3, never executed. Every contract is over
# Email, the facts of both send_email and send_email_with_subject, whose
# fields are addr and msg.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Email = effect("email")


@contract
def only(addresses: list[str]) -> ContractSpec:
    return Email.all(lambda e: e.addr in addresses)


@contract
def none() -> ContractSpec:
    return Email.empty()


@contract
def no_guarantees() -> ContractSpec:
    return nothing()


@contract
def unique_recipients() -> ContractSpec:
    return Email.distinct(lambda e: e.addr)


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
def same_content(msg: str) -> ContractSpec:
    return Email.all(lambda e: e.msg == msg)


@contract
def only_domain(domain: str) -> ContractSpec:
    return Email.all(lambda e: e.addr.endswith("@" + domain))


@contract
def count_at_most(n: int) -> ContractSpec:
    return Email.count() <= n


@contract
def addresses_from(schema: type, field: str) -> ContractSpec:
    # Every recipient is taken from the field column of a schema row that
    # a query returned (provenance), e.g. addresses_from(UserRow, "email")
    # with UserRow from the db layer. schema and field are resolved where
    # the plan calls it.
    column = getattr(schema, field)
    return Email.all(lambda e: e.addr == column)
