# The summary lands in the inbox it promised never to write.
# expect: failed guarantee fs.never_write_under('/data/in')
# expect: counterexample: path = "/data/in/summary.txt"
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import read_file, write_file

@clauz3.guarantee(fs.never_write_under("/data/in"))
def main() -> None:
    text = read_file("/data/in/report.txt")
    write_file("/data/in/summary.txt", text)
