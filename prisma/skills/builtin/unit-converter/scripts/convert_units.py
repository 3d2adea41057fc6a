#!/usr/bin/env python3
"""Convert a quantity between units.

Reads {"value": <number>, "from": <unit>, "to": <unit>} as JSON on stdin and prints
{"value": ..., "from": ..., "to": ..., "result": ...} as JSON on stdout, the result rounded to six
significant digits. Unknown units, or units of different kinds, print a message on stderr and exit
with code 2. Standard library only.
"""
import json
import math
import sys

# Each unit: (kind, factor to the kind's base unit). Temperatures are handled apart (offsets).
UNITS = {
    # length, base metre
    "mm": ("length", 0.001), "cm": ("length", 0.01), "m": ("length", 1.0), "km": ("length", 1000.0),
    "in": ("length", 0.0254), "ft": ("length", 0.3048), "yd": ("length", 0.9144),
    "mi": ("length", 1609.344), "nmi": ("length", 1852.0),
    # mass, base kilogram
    "mg": ("mass", 1e-6), "g": ("mass", 0.001), "kg": ("mass", 1.0), "t": ("mass", 1000.0),
    "oz": ("mass", 0.028349523125), "lb": ("mass", 0.45359237), "st": ("mass", 6.35029318),
    # volume, base litre (US customary measures)
    "ml": ("volume", 0.001), "cl": ("volume", 0.01), "l": ("volume", 1.0),
    "tsp": ("volume", 0.00492892159375), "tbsp": ("volume", 0.01478676478125),
    "floz": ("volume", 0.0295735295625), "cup": ("volume", 0.2365882365),
    "pt": ("volume", 0.473176473), "qt": ("volume", 0.946352946), "gal": ("volume", 3.785411784),
    # speed, base metre per second
    "m/s": ("speed", 1.0), "km/h": ("speed", 1000.0 / 3600.0), "mph": ("speed", 1609.344 / 3600.0),
    "kn": ("speed", 1852.0 / 3600.0),
    # area, base square metre
    "m2": ("area", 1.0), "km2": ("area", 1e6), "ha": ("area", 1e4), "acre": ("area", 4046.8564224),
    "ft2": ("area", 0.09290304), "mi2": ("area", 2589988.110336),
    # time, base second
    "s": ("time", 1.0), "min": ("time", 60.0), "h": ("time", 3600.0), "day": ("time", 86400.0),
    "week": ("time", 604800.0),
}
TEMPERATURES = {"degc", "degf", "k"}

ALIASES = {
    "millimetre": "mm", "millimeter": "mm", "centimetre": "cm", "centimeter": "cm",
    "metre": "m", "meter": "m", "kilometre": "km", "kilometer": "km",
    "inch": "in", "inches": "in", "foot": "ft", "feet": "ft", "yard": "yd", "mile": "mi", "nautical mile": "nmi",
    "milligram": "mg", "gram": "g", "kilogram": "kg", "tonne": "t", "ounce": "oz",
    "pound": "lb", "lbs": "lb", "stone": "st",
    "millilitre": "ml", "milliliter": "ml", "litre": "l", "liter": "l", "teaspoon": "tsp",
    "tablespoon": "tbsp", "fl oz": "floz", "fluid ounce": "floz", "pint": "pt", "quart": "qt",
    "gallon": "gal", "kph": "km/h", "kmh": "km/h", "knot": "kn", "kt": "kn",
    "m²": "m2", "km²": "km2", "sq m": "m2", "hectare": "ha", "ft²": "ft2", "sq ft": "ft2", "mi²": "mi2",
    "sec": "s", "second": "s", "minute": "min", "hr": "h", "hour": "h", "d": "day", "wk": "week",
    "c": "degc", "°c": "degc", "celsius": "degc", "f": "degf", "°f": "degf", "fahrenheit": "degf",
    "kelvin": "k",
}


def canonical(unit):
    key = " ".join(str(unit).strip().lower().split())
    key = ALIASES.get(key, key)
    if key not in UNITS and key.endswith("s") and ALIASES.get(key[:-1], key[:-1]) in UNITS:
        key = ALIASES.get(key[:-1], key[:-1])  # plurals: miles, kilograms, cups
    if key in UNITS or key in TEMPERATURES:
        return key
    return None


def to_kelvin(value, unit):
    return {"degc": value + 273.15, "degf": (value - 32) * 5 / 9 + 273.15, "k": value}[unit]


def from_kelvin(value, unit):
    return {"degc": value - 273.15, "degf": (value - 273.15) * 9 / 5 + 32, "k": value}[unit]


def significant(x, digits=6):
    if x == 0 or not math.isfinite(x):
        return x
    return round(x, digits - 1 - int(math.floor(math.log10(abs(x)))))


def fail(message):
    known = ", ".join(sorted(UNITS) + ["degC", "degF", "K"])
    print(f"{message}. Known units: {known}.", file=sys.stderr)
    sys.exit(2)


def main():
    try:
        args = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        fail(f"stdin is not JSON ({error})")
    if not isinstance(args, dict):
        fail("stdin must be a JSON object with value, from and to")
    value, source, target = args.get("value"), args.get("from"), args.get("to")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail("value must be a number")
    src, dst = canonical(source), canonical(target)
    if src is None or dst is None:
        fail(f"unknown unit {source!r}" if src is None else f"unknown unit {target!r}")
    if (src in TEMPERATURES) != (dst in TEMPERATURES) or (src in UNITS and UNITS[src][0] != UNITS[dst][0]):
        kind = lambda u: "temperature" if u in TEMPERATURES else UNITS[u][0]
        fail(f"cannot convert {kind(src)} ({source}) to {kind(dst)} ({target})")
    if src in TEMPERATURES:
        result = from_kelvin(to_kelvin(value, src), dst)
    else:
        result = value * UNITS[src][1] / UNITS[dst][1]
    print(json.dumps({"value": value, "from": source, "to": target, "result": significant(result)}))


if __name__ == "__main__":
    main()
