# expect: proved
# coverage: files:recommended_gap
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import list_dir, write_file


@clauz3.guarantee(files.no_writes())
def main(n: int) -> None:
    list_dir("/data")
    if n > 3 and n < 2:
        write_file("/data/x", "never")
