# Slide "Background: deal runtime contracts": read_preview, verbatim, with
# its Python body, is a trusted effect; the prover uses its pre and post.
# expect: proved
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import read_preview

@clauz3.guarantee(files.reads_at_most(1))
def main() -> None:
    text = read_preview("notes.txt")
    assert len(text) <= 100
