# outer[0] = inner stores the list itself: appending to inner later adds a path written through outer[0].
# expect: failed guarantee fs.only_write_under('/data/out')
# expect: counterexample: path = "/etc/cron.d/job"
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file

@clauz3.guarantee(fs.only_write_under("/data/out"))
def main() -> None:
    inner = ["/data/out/a.txt"]
    outer = [["/data/out/b.txt"], ["/data/out/c.txt"]]
    outer[0] = inner
    inner.append("/etc/cron.d/job")
    for paths in outer:
        for p in paths:
            write_file(p, "generated")
