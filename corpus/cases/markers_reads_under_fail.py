# expect: not proved
# want: failed guarantee files.reads_under('/data')
# want: path = "/etc"
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import list_dir, read_file


@clauz3.guarantee(files.reads_under("/data"))
def main() -> None:
    text = read_file("/data/a.txt")
    list_dir("/etc")
