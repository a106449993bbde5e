# Trusted home-automation effects. Doors and thermostats are fluents:
# each call writes the state, and contracts read it after the whole run.
import clauz3
from clauz3.fluent import effect, fluent

DoorLocked = fluent("door_locked", key=str, value=bool, initial=True)
Thermostat = fluent("thermostat", key=str, value=int, initial=20)


@effect(lambda door: DoorLocked.set(door, False))
@clauz3.trusted
def unlock(door: str) -> None: ...


@effect(lambda door: DoorLocked.set(door, True))
@clauz3.trusted
def lock(door: str) -> None: ...


@clauz3.requires(lambda room, degrees: 10 <= degrees <= 30, message="a thermostat takes 10 to 30 degrees")
@effect(lambda room, degrees: Thermostat.set(room, degrees))
@clauz3.trusted
def set_temperature(room: str, degrees: int) -> None: ...


@clauz3.trusted
def notify(msg: str) -> None: ...
