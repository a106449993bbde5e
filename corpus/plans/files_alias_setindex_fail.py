# outer[0] = inner stores the list object itself: a later inner.append is seen through outer[0].
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import write_file


@clauz3.guarantee(files.writes_under("/data/out/"))
def main() -> None:
    inner = ["/data/out/a.txt"]
    outer = [["/data/out/b.txt"]]
    outer[0] = inner
    inner.append("/etc/cron.d/job")
    for p in outer[0]:
        write_file(p, "x")
