# An explicit waiver for a read of a fixed file.
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import read_file

@clauz3.guarantee(fs.no_guarantees())
def main() -> None:
    text = read_file("/data/notes.txt")
