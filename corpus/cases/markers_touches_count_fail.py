# expect: not proved
# want: failed guarantee files.touches_at_most(2)
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import list_dir, read_file, write_file


@clauz3.guarantee(files.touches_at_most(2))
def main() -> None:
    list_dir("/data")
    write_file("/data/b.txt", "x")
    text = read_file("/data/a.txt")
