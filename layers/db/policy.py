# Coverage policy of the bundled db layer: a plan that reads the database
# should say which table.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="db_read",
    required=[],
    recommended=["only_table"],
    label="db",
)
