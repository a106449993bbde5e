from clauz3.spec import ContractSpec, contract, effect

Query = effect("db_read")


@contract
def queries_at_most(n: int) -> ContractSpec:
    return Query.count() <= n


@contract
def only_where(filter_dict: dict[str, object]) -> ContractSpec:
    return Query.all(lambda e: e.where == filter_dict)
