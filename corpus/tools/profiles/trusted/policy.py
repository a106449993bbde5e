# Coverage policy of the profiles layer: a read-only query, nothing required.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="list_profiles",
    required=[],
    recommended=[],
    label="profiles",
)
