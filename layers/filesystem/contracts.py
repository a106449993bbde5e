# Contract vocabulary of the bundled filesystem layer. @contract bodies are
# compiled statically by ClauZ3, never executed. "Under dir" means the
# path is dir itself or starts with dir + "/" (so /data2 is not under
# /data); give dir without a trailing slash.
from clauz3.spec import ContractSpec, contract, effect
from clauz3.spec import no_guarantees as nothing

Read = effect("fs_read")
Write = effect("fs_write")


@contract
def only_read_under(dir: str) -> ContractSpec:
    return Read.all(lambda r: r.path == dir or r.path.startswith(dir + "/"))


@contract
def only_write_under(dir: str) -> ContractSpec:
    return Write.all(lambda w: w.path == dir or w.path.startswith(dir + "/"))


@contract
def never_read_under(dir: str) -> ContractSpec:
    return Read.all(lambda r: not (r.path == dir or r.path.startswith(dir + "/")))


@contract
def never_write_under(dir: str) -> ContractSpec:
    return Write.all(lambda w: not (w.path == dir or w.path.startswith(dir + "/")))


@contract
def read_only() -> ContractSpec:
    return Write.empty()


@contract
def writes_at_most(n: int) -> ContractSpec:
    return Write.count() <= n


@contract
def write_size_at_most(n: int) -> ContractSpec:
    return Write.all(lambda w: len(w.content) <= n)


@contract
def no_guarantees() -> ContractSpec:
    return nothing()
