# A path with .. is refused: the contracts could not speak about it.
# expect: failed precondition write_file
# expect: requires: lambda path, content: '..' not in path
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file

@clauz3.guarantee(fs.only_write_under("/data/out"))
def main() -> None:
    write_file("/data/out/../../etc/cron.d/job", "* * * * * root sh")
