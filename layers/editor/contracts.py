# Contract vocabulary of the bundled editor layer. @contract bodies are
# compiled statically by ClauZ3, never executed. "Under dir" means dir
# itself or a path starting with dir + "/".
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Edit = effect("edit")


@contract
def only_edit_under(dir: str) -> ContractSpec:
    return Edit.all(lambda e: e.path == dir or e.path.startswith(dir + "/"))


@contract
def never_edit_under(dir: str) -> ContractSpec:
    return Edit.all(lambda e: not (e.path == dir or e.path.startswith(dir + "/")))


@contract
def only_files(paths: list[str]) -> ContractSpec:
    return Edit.all(lambda e: e.path in paths)


@contract
def edits_at_most(n: int) -> ContractSpec:
    return Edit.count() <= n


@contract
def new_text_at_most(n: int) -> ContractSpec:
    return Edit.all(lambda e: len(e.new) <= n)


@contract
def never_inserts(text: str) -> ContractSpec:
    return Edit.all(lambda e: text not in e.new)


@contract
def no_edits() -> ContractSpec:
    return Edit.empty()


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
