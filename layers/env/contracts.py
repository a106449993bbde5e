# Contract vocabulary of the bundled env layer. @contract bodies are
# compiled statically by ClauZ3, never executed.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

EnvRead = effect("env_read")


@contract
def only_vars(names: list[str]) -> ContractSpec:
    return EnvRead.all(lambda r: r.name in names)


@contract
def never_vars(names: list[str]) -> ContractSpec:
    return EnvRead.all(lambda r: r.name not in names)


@contract
def never_var_prefix(prefix: str) -> ContractSpec:
    return EnvRead.all(lambda r: not r.name.startswith(prefix))


@contract
def no_env_reads() -> ContractSpec:
    return EnvRead.empty()


@contract
def env_reads_at_most(n: int) -> ContractSpec:
    return EnvRead.count() <= n


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
