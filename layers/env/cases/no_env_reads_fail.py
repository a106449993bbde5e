# One read on a debug path.
# expect: failed guarantee env.no_env_reads()
# expect: inputs: debug = True
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.no_env_reads())
def main(debug: bool) -> None:
    if debug:
        v = get_env("CLAUZ3_DEBUG")
