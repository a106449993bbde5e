# Relative paths are refused by read_file's precondition.
# expect: failed precondition read_file
# expect: requires: lambda path: path.startswith('/')
import clauz3
from tools.filesystem.trusted.effects import read_file

def main() -> None:
    text = read_file("notes.txt")
