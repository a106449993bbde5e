from clauz3.spec import ContractSpec, contract

from .effects import DoorLocked, Thermostat


@contract
def doors_locked_at_end() -> ContractSpec:
    return DoorLocked.final.all(lambda d: d.value == True)


@contract
def locked_except(door: str) -> ContractSpec:
    return DoorLocked.final.all(lambda d: d.value or d.key == door)


@contract
def at_most_degrees(n: int) -> ContractSpec:
    return Thermostat.final.all(lambda t: t.value <= n)
