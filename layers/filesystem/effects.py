# Trusted filesystem effects of the bundled filesystem layer (clauz3
# layers/filesystem). Paths are absolute and written without "..", so the
# contracts' prefix checks on the written path are checks on the place:
# at run time the layer also refuses a path whose resolved form differs
# from the written one (a symlink on the way), anything outside the
# configured roots, and the security module's credential and system
# locations (~/.ssh, /etc/shadow, ...) whatever the contract says.
# read_file and list_dir carry the marker "fs_read", write_file "fs_write".
import deal


@deal.pre(lambda path: path.startswith("/"), message="path must be absolute")
@deal.pre(lambda path: ".." not in path, message="path must not contain ..")
@deal.has("fs_read")
def read_file(path: str) -> str:
    """card: Read the file {path}
    card action: read a file
    card label path: path
    """
    ...


@deal.pre(lambda path: path.startswith("/"), message="path must be absolute")
@deal.pre(lambda path: ".." not in path, message="path must not contain ..")
@deal.post(lambda result: len(result) <= 1000)
@deal.has("fs_read")
def list_dir(path: str) -> list[str]:
    """card: List the folder {path}
    card action: list a folder
    card label path: path
    """
    ...


@deal.pre(lambda path, content: path.startswith("/"), message="path must be absolute")
@deal.pre(lambda path, content: ".." not in path, message="path must not contain ..")
@deal.has("fs_write")
def write_file(path: str, content: str) -> None:
    """card: Write the file {path} with the content “{content}”
    card action: write a file
    card label path: path
    card label content: content
    """
    ...
