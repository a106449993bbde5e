# Effects with real Python bodies (imports of os and pathlib, a helper,
# loops, with, try) load; the plan is proved against their signatures and
# conditions.
# expect: proved
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import list_dir, read_preview, write_file


@clauz3.guarantee(fs.only_under("reports/"))
@clauz3.guarantee(fs.reads_at_most(1))
def main() -> None:
    text = read_preview("notes.txt")
    write_file("reports/preview.txt", text)
    for name in list_dir("reports"):
        print(name)
