# Trusted file effects: several markers per effect ("read" and "fs").
import deal


@deal.pre(lambda path: path.startswith("/"), message="paths are absolute")
@deal.has("read", "fs")
def read_file(path: str) -> str: ...


@deal.has("read", "fs")
def list_dir(path: str) -> None: ...


@deal.pre(lambda path: path.startswith("/"), message="paths are absolute")
@deal.has("write", "fs")
def write_file(path: str, content: str) -> None: ...
