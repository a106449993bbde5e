# expect: not proved
# want: failed guarantee files.read_back() when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# english: Some write (write_file) and some read (list_dir, read_file) have the same path.
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import read_file, write_file


@clauz3.guarantee(files.read_back())
def main(name: str) -> None:
    path = "/data/" + name
    write_file(path, "draft")
    text = read_file(path)
