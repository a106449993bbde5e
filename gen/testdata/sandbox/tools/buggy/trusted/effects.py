# TEST FIXTURE, never bundled: a trusted layer whose Go code misbehaves on
# purpose (buggy.go), to show the kernel sandbox stopping it.
import clauz3


@clauz3.trusted
def misbehave(op: str, arg: str) -> str: ...
