# expect: proved
# english: Some write (write_file) and some read (list_dir, read_file) have the same path.
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import read_file, write_file


@clauz3.guarantee(files.read_back())
def main(name: str) -> None:
    path = "/data/" + name
    write_file(path, "draft")
    text = read_file(path)
