# The path comes from the input and could be the SSH folder.
# expect: failed guarantee fs.never_read_under('/home/ann/.ssh')
# expect: inputs: name =
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import read_file

@clauz3.guarantee(fs.never_read_under("/home/ann/.ssh"))
def main(name: str) -> None:
    if name.startswith("/") and ".." not in name:
        text = read_file(name)
