# Coverage policy of the bundled editor layer: a plan that edits files
# should say which.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="edit",
    required=[],
    recommended=["only_edit_under", "edits_at_most"],
    label="editor",
)
