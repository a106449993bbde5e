# Contract vocabulary of the db layer.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing
from tools.db.trusted.effects import notify
from tools.db.trusted.schemas import UserRow

Notes = effect(notify)
Refunds = effect("refund")
Tickets = effect("ticket")


@contract
def notify_domain(suffix: str) -> ContractSpec:
    return Notes.all(lambda n: n.addr.endswith(suffix))


@contract
def notify_at_most(n: int) -> ContractSpec:
    return Notes.count() <= n


@contract
def notify_once_each() -> ContractSpec:
    return Notes.distinct(lambda n: n.addr)


@contract
def notify_only(addresses: list[str]) -> ContractSpec:
    return Notes.all(lambda n: n.addr in addresses)


@contract
def notify_only_users() -> ContractSpec:
    # A column reference: the address is the email column of a queried row
    # (its provenance), not merely a string equal to one.
    return Notes.all(lambda n: n.addr == getattr(UserRow, "email"))


@contract
def no_notifications() -> ContractSpec:
    return Notes.empty()


@contract
def refund_total_at_most(limit: int) -> ContractSpec:
    return Refunds.sum(lambda r: r.amount) <= limit


@contract
def refunds_at_most(n: int) -> ContractSpec:
    return Refunds.count() <= n


@contract
def refund_each_at_most(limit: int) -> ContractSpec:
    return Refunds.all(lambda r: r.amount <= limit)


@contract
def no_guarantees() -> ContractSpec:
    return nothing()


@contract
def refund_ticketed() -> ContractSpec:
    # Some refunded customer also has a ticket: an existential over pairs
    # of a refund and a ticket, so a plan that may refund nobody fails.
    return Refunds.shares_value(Tickets, lambda f: f.customer)


@contract
def ticket_for(customer: str) -> ContractSpec:
    # Some ticket about customer goes to a customer who got a positive
    # refund: shares_value over filtered relations.
    mine = Tickets.where(lambda t: t.customer == customer)
    return mine.shares_value(Refunds.where(lambda r: r.amount > 0), lambda f: f.customer)
