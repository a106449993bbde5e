# A list stored on one path only is one of two objects afterwards: mutating it is refused, not lost.
# expect: append of a list that different paths bound to different lists
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file

@clauz3.guarantee(fs.only_write_under("/data/out"))
def main(flag: bool) -> None:
    inner = ["/data/out/a.txt"]
    outer = [["/data/out/b.txt"]]
    if flag:
        outer[0] = inner
    inner.append("/etc/cron.d/job")
    for p in outer[0]:
        write_file(p, "generated")
