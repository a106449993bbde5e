# Contract vocabulary of the groups layer: none of its own (plans use the
# db layer's contracts over notify).
from clauz3.spec import ContractSpec, contract
from clauz3.spec import no_guarantees as nothing


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
