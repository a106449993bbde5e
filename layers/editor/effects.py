# Trusted editing effect of the bundled editor layer (clauz3 layers/editor).
# replace_in_file replaces the one occurrence of old in the UTF-8 text file
# at path with new. The file must contain old exactly once (else nothing
# is changed and the call fails), so an edit never lands somewhere the plan
# did not mean. path is absolute and free of ".."; at run time it also
# stays inside the configured roots and the security module's path floor
# refuses credential and system locations whatever the contract says.
import deal


@deal.pre(lambda path, old, new: path.startswith("/"), message="path must be absolute")
@deal.pre(lambda path, old, new: ".." not in path, message="path must not contain ..")
@deal.pre(lambda path, old, new: len(old) > 0, message="old must not be empty")
@deal.pre(lambda path, old, new: old != new, message="old and new must differ")
@deal.has("edit")
def replace_in_file(path: str, old: str, new: str) -> None:
    """card: In the file {path}, replace “{old}” with “{new}”
    card action: change a file
    card label path: path
    card label old: old text
    card label new: new text
    """
    ...
