# The content copies an input of any length.
# expect: failed guarantee fs.write_size_at_most(100)
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file

@clauz3.guarantee(fs.write_size_at_most(100))
def main(body: str) -> None:
    write_file("/data/out/body.txt", body)
