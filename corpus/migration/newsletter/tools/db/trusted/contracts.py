from clauz3.spec import ContractSpec, contract, effect

Query = effect("db_read")


@contract
def queries_at_most(n: int) -> ContractSpec:
    return Query.count() <= n
