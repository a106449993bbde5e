# Read from the inbox, write a summary to the outbox, touch nothing else.
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import read_file, write_file

@clauz3.guarantee(fs.only_read_under("/data/in"))
@clauz3.guarantee(fs.only_write_under("/data/out"))
@clauz3.guarantee(fs.writes_at_most(1))
def main() -> None:
    text = read_file("/data/in/report.txt")
    write_file("/data/out/summary.txt", "Summary: " + text)
