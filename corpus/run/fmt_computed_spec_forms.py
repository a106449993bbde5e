# Format specs with replacement fields: fill, align, sign, width, precision and type from variables, on int, float, bool and str, with conversions.
from tools.email.trusted.effects import send_email


def spec_for(kind: str) -> str:
    return ">8" if kind == "right" else "<8"


def main() -> None:
    n = -1234567
    x = 2.0 / 3.0
    fill = "*"
    for align in ["<", ">", "^", "="]:
        print(f"[{n:{fill}{align}14,}] [{x:{fill}{align}12.{4}f}]")
    for t in ["d", "x", "o", "b", "", "_"]:
        print(f"{t!r:>4}: [{255:{'+' if t != '' else ''}{t}}]")
    for t in ["e", "%", "g", "", "F"]:
        print(f"{t!r:>4}: [{-1234.5678:{' ' if t != '' else ''}{t}}]")
    w = 3
    print(f"{True:{w}} {False:>{w + 2}} {'é':{'^'}{w * 3}} {x:.{w}} {x:{w}.{w}%}")
    who = "Zoë"
    print(f"[{who!r:{spec_for('right')}}] [{who!s:{spec_for('left')}}] [{who:.{len(who) - 1}}]")
    label = f"{'total':{'>'}{10}}"
    send_email("bob@example.com", f"{label}|{n:{''}}|{x:{'.2e'}}")
