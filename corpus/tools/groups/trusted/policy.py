# Coverage policy of the groups layer: a read-only query, nothing required.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="user_groups",
    required=[],
    recommended=[],
    label="groups",
)
