# The conditions of an effect with a body are still proved at each call.
# expect: not proved
# want: ✗ main: failed precondition write_file (line 11)
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file


@clauz3.guarantee(fs.reads_at_most(5))
def main() -> None:
    write_file("../etc/passwd", "x")
