# Contract vocabulary of the bundled web_search layer. @contract bodies are
# compiled statically by ClauZ3, never executed. Search is every query
# web_search and web_search_results send to the configured endpoint.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Search = effect("search")


@contract
def query_never_contains(text: str) -> ContractSpec:
    return Search.all(lambda s: text not in s.query)


@contract
def only_queries_starting_with(prefix: str) -> ContractSpec:
    return Search.all(lambda s: s.query.startswith(prefix))


@contract
def only_queries(queries: list[str]) -> ContractSpec:
    return Search.all(lambda s: s.query in queries)


@contract
def query_length_at_most(n: int) -> ContractSpec:
    return Search.all(lambda s: len(s.query) <= n)


@contract
def searches_at_most(n: int) -> ContractSpec:
    return Search.count() <= n


@contract
def unique_queries() -> ContractSpec:
    return Search.distinct(lambda s: s.query)


@contract
def no_searches() -> ContractSpec:
    return Search.empty()


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
