# read_only holds only without writes.
# expect: not proved
# want: ✗ main: failed guarantee fs.read_only()
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import read_preview, write_file


@clauz3.guarantee(fs.read_only())
def main() -> None:
    write_file("a.txt", read_preview("b.txt"))
