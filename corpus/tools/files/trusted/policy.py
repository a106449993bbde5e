# Coverage policy of the files layer.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used=["read", "write"],
    required=[],
    recommended=["reads_under", "writes_under"],
    label="files",
)
