# Contract vocabulary of the profiles layer: none of its own (plans use the
# email layer's contracts).
from clauz3.spec import ContractSpec, contract
from clauz3.spec import no_guarantees as nothing


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
