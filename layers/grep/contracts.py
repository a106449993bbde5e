# Contract vocabulary of the bundled grep layer. @contract bodies are
# compiled statically by ClauZ3, never executed. "Under dir" means dir
# itself or a path starting with dir + "/".
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Search = effect("search")


@contract
def only_search_under(dir: str) -> ContractSpec:
    return Search.all(lambda s: s.dir == dir or s.dir.startswith(dir + "/"))


@contract
def never_search_under(dir: str) -> ContractSpec:
    return Search.all(lambda s: not (s.dir == dir or s.dir.startswith(dir + "/")))


@contract
def only_patterns(patterns: list[str]) -> ContractSpec:
    return Search.all(lambda s: s.pattern in patterns)


@contract
def searches_at_most(n: int) -> ContractSpec:
    return Search.count() <= n


@contract
def no_searches() -> ContractSpec:
    return Search.empty()


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
