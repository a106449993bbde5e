# Contract vocabulary of the home layer: fluents after the run, and one
# relation.
from clauz3.spec import ContractSpec, contract, effect
from tools.home.trusted.effects import DoorLocked, Thermostat

Unlocks = effect("unlock")


@contract
def all_doors_locked() -> ContractSpec:
    return DoorLocked.final.all(lambda locked: locked)


@contract
def door_locked_at_end(door: str) -> ContractSpec:
    return DoorLocked.final[door] == True


@contract
def door_left_unlocked(door: str) -> ContractSpec:
    return DoorLocked.final[door] != True


@contract
def temperature_at_end(room: str, degrees: int) -> ContractSpec:
    return Thermostat.final[room] == degrees


@contract
def never_above(n: int) -> ContractSpec:
    return Thermostat.final.all(lambda t: t <= n)


@contract
def all_locked_but(door: str) -> ContractSpec:
    return DoorLocked.final.all(lambda d, locked: locked or d == door)


@contract
def rooms_at_most_but(room: str, n: int) -> ContractSpec:
    return Thermostat.final.all(lambda r, t: t <= n or r == room)


@contract
def no_unlocks() -> ContractSpec:
    return Unlocks.empty()
