# Coverage policy of the home layer.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used=["unlock", "set_temperature"],
    required=[],
    recommended=["all_doors_locked"],
    label="home",
)
