# /data2 starts with "/data" but is not under /data.
# expect: failed guarantee fs.only_read_under('/data')
# expect: counterexample: path = "/data2/x.txt"
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import read_file

@clauz3.guarantee(fs.only_read_under("/data"))
def main() -> None:
    a = read_file("/data/x.txt")
    b = read_file("/data2/x.txt")
