from clauz3.spec import ContractSpec, contract, effect

Mail = effect("send")


@contract
def addresses_from(schema: type, field: str = "email") -> ContractSpec:
    return Mail.all(lambda m: m.addr == getattr(schema, field))
