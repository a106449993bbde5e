# Lists a folder and reads a file: no writes at all.
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import list_dir, read_file

@clauz3.guarantee(fs.read_only())
@clauz3.guarantee(fs.never_read_under("/home/ann/.ssh"))
def main() -> None:
    text = read_file("/data/notes.txt")
    text2 = read_file("/data/todo.txt")
