# A debug branch writes a log file.
# expect: failed guarantee fs.read_only()
# expect: inputs: debug = True
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import read_file, write_file

@clauz3.guarantee(fs.read_only())
def main(debug: bool) -> None:
    text = read_file("/data/notes.txt")
    if debug:
        write_file("/tmp/debug.log", text)
