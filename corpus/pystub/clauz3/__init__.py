"""CPython stand-in for the ClauZ3 API, for the differential harness.

Plans and trusted layers import this module unchanged. Guarantees are inert;
trusted effects become recorders: each call that passes its preconditions
writes one JSON line to the file named by CLAUZ3_TRACE and returns the next
result recorded for that effect in the JSON file named by CLAUZ3_EFFECTS
(see corpus/pystub/README.md). A failed pre- or postcondition raises
ContractError, whose str() is what ClauZ3 reports after "ContractError: ".
"""

from clauz3._effects import (  # noqa: F401
    ContractError,
    Row,
    ensures,
    guarantee,
    requires,
    trusted,
)
from clauz3 import fluent, policy, spec  # noqa: F401,E402
