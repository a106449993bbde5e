# expect: proved
# english: For every read (list_dir, read_file), path starts with '/data'.
# coverage: files:recommended_gap
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import list_dir, read_file


@clauz3.guarantee(files.reads_under("/data"))
def main() -> None:
    list_dir("/data")
    text = read_file("/data/a.txt")
