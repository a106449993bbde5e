"""clauz3.policy stand-in: a coverage policy is just its fields."""


def domain_policy(**fields):
    return dict(fields)
