# A real body does not widen what the prover assumes: a write outside the
# prefix is still refused.
# expect: not proved
# want: ✗ main: failed guarantee fs.only_under('reports/')
# want: counterexample: path = "notes/x.txt"
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file


@clauz3.guarantee(fs.only_under("reports/"))
def main() -> None:
    write_file("notes/x.txt", "x")
