# A caller-chosen file name, confined to the output folder.
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file

@clauz3.guarantee(fs.only_write_under("/data/out"))
@clauz3.guarantee(fs.write_size_at_most(100))
def main(name: str) -> None:
    if "/" not in name and ".." not in name and len(name) > 0:
        write_file("/data/out/" + name, "generated")
