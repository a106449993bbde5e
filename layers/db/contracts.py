# Contract vocabulary of the bundled db layer. @contract bodies are
# compiled statically by ClauZ3, never executed.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Query = effect("db_read")


@contract
def only_table(table: str) -> ContractSpec:
    return Query.all(lambda q: q.table == table)


@contract
def only_filtered() -> ContractSpec:
    return Query.all(lambda q: q.where is not None)


@contract
def queries_at_most(n: int) -> ContractSpec:
    return Query.count() <= n


@contract
def no_queries() -> ContractSpec:
    return Query.empty()


@contract
def no_guarantees() -> ContractSpec:
    return nothing()


@contract
def only_where(filter_dict: dict[str, object]) -> ContractSpec:
    # The original's spelling: every query's where equals the dict, by
    # Python's == (True == 1 == 1.0, "1" != 1; None is no dict).
    return Query.all(lambda e: e.where == filter_dict)
