# The plan computes without reading the environment.
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.no_env_reads())
def main(n: int) -> None:
    total = 0
    for i in range(3):
        total = total + n
    if total > 3 * n:
        v = get_env("HOME")
