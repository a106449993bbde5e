# Coverage policy of the bundled filesystem layer: a plan that writes
# files should say where.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="fs_write",
    required=[],
    recommended=["only_write_under"],
    label="filesystem",
)
