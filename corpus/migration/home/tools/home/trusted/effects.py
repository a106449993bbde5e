import time

import clauz3
from clauz3.fluent import effect, fluent

DoorLocked = fluent("door_locked", key=str, value=bool, initial=True)
Thermostat = fluent("thermostat", key=str, value=int, initial=20)


@effect(lambda door: DoorLocked.set(door, False))
@clauz3.trusted
def unlock(door: str) -> None:
    print(f"unlocking {door}")
    time.sleep(0.1)


@effect(lambda door: DoorLocked.set(door, True))
@clauz3.trusted
def lock(door: str) -> None:
    print(f"locking {door}")


@effect(lambda room, degrees: Thermostat.set(room, degrees))
@clauz3.trusted
def set_temperature(room: str, degrees: int) -> None:
    pass
