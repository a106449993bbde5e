# The file read is not the file written unless the name is "log".
# expect: not proved
# want: ✗ main: failed guarantee files.read_back()
# want: none is shared
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import read_file, write_file


@clauz3.guarantee(files.read_back())
def main(name: str) -> None:
    write_file("/data/" + name, "draft")
    text = read_file("/data/log")
