"""Right-to-left text in the demo creatives' lines, ordered as a browser orders a dir="auto"
element: the Unicode Bidirectional Algorithm (UAX #9) for one paragraph of plain text.

The paragraph's direction comes from its first strong character (P2/P3). Each character gets an
embedding level by the weak-type rules W1–W7, the neutral rules N1–N2 and the implicit rules
I1–I2; a line's runs are then put in visual order by L2. Shaping and the order inside a run are
left to raqm (fribidi + HarfBuzz), which draws each run in its direction.

Left out, as typed ad text does not use them: explicit embeddings, overrides and isolates
(U+202A–202E, U+2066–2069 are treated as neutrals) and the paired-bracket rule N0 (a bracket takes
its direction from its neighbours by N1–N2 instead).
"""

import unicodedata
from collections.abc import Sequence

RTL_STRONG = frozenset({"R", "AL"})
NUMBERS = frozenset({"EN", "AN"})
# Neutrals for N1–N2: separators, whitespace, other neutrals, and the formatting characters
# this subset does not honour.
NEUTRALS = frozenset(
    {"B", "S", "WS", "ON", "BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
)
# Reset to the paragraph level at a line's end (L1): whitespace and the invisible formatting.
LINE_END_RESET = frozenset({"WS", "BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def bidi_class(char: str) -> str:
    # An unassigned code point has no class here; UAX #9 defaults most of them to L.
    return unicodedata.bidirectional(char) or "L"


def paragraph_direction(text: str) -> str:
    """ "rtl" when the first strong character is right-to-left, else "ltr" (also when there is
    none), as dir="auto" decides."""
    for char in text:
        kind = bidi_class(char)
        if kind == "L":
            return "ltr"
        if kind in RTL_STRONG:
            return "rtl"
    return "ltr"


def embedding_levels(text: str, *, base_level: int) -> list[int]:
    """Each character's resolved level (even: left-to-right, odd: right-to-left) in a paragraph
    at base_level (0 or 1)."""
    if not text:
        return []
    edge = "R" if base_level % 2 else "L"  # sos and eos: one level run, at the paragraph's level
    types = [bidi_class(char) for char in text]

    # W1: a non-spacing mark (and, retained per X9's note, a boundary neutral) takes the type of
    # the character before it.
    previous = edge
    for i, kind in enumerate(types):
        if kind in ("NSM", "BN"):
            types[i] = previous
        previous = types[i]
    # W2: a European number after Arabic letters is an Arabic number; W3: AL is R.
    last_strong = edge
    for i, kind in enumerate(types):
        if kind == "EN" and last_strong == "AL":
            types[i] = "AN"
        elif kind in ("L", "R", "AL"):
            last_strong = kind
    types = ["R" if kind == "AL" else kind for kind in types]
    # W4: one separator between two numbers of the same kind joins them.
    for i in range(1, len(types) - 1):
        before, kind, after = types[i - 1], types[i], types[i + 1]
        if kind == "ES" and before == after == "EN":
            types[i] = "EN"
        elif kind == "CS" and before == after and before in NUMBERS:
            types[i] = before
    # W5: terminators (%, currency signs, …) next to a European number are part of it.
    i = 0
    while i < len(types):
        if types[i] == "ET":
            end = i
            while end < len(types) and types[end] == "ET":
                end += 1
            if (i > 0 and types[i - 1] == "EN") or (end < len(types) and types[end] == "EN"):
                types[i:end] = ["EN"] * (end - i)
            i = end
        else:
            i += 1
    # W6: the separators and terminators left are neutrals.
    types = ["ON" if kind in ("ES", "ET", "CS") else kind for kind in types]
    # W7: a European number after left-to-right text is left-to-right.
    last_strong = edge
    for i, kind in enumerate(types):
        if kind == "EN" and last_strong == "L":
            types[i] = "L"
        elif kind in ("L", "R"):
            last_strong = kind

    # N1–N2: a run of neutrals between two of the same direction (numbers count as R) takes it;
    # otherwise the paragraph's direction.
    def direction_of(kind: str) -> str:
        return "L" if kind == "L" else "R"

    i = 0
    while i < len(types):
        if types[i] in NEUTRALS:
            end = i
            while end < len(types) and types[end] in NEUTRALS:
                end += 1
            before = direction_of(types[i - 1]) if i > 0 else edge
            after = direction_of(types[end]) if end < len(types) else edge
            types[i:end] = [before if before == after else edge] * (end - i)
            i = end
        else:
            i += 1

    # I1–I2.
    levels = []
    for kind in types:
        if base_level % 2 == 0:
            levels.append(base_level + {"L": 0, "R": 1}.get(kind, 2))
        else:
            levels.append(base_level + (1 if kind in ("L", "EN", "AN") else 0))
    # L1: whitespace at the line's end sits at the paragraph's level.
    original = [bidi_class(char) for char in text]
    for i in range(len(text) - 1, -1, -1):
        if original[i] not in LINE_END_RESET:
            break
        levels[i] = base_level
    for i, kind in enumerate(original):
        if kind in ("S", "B"):
            levels[i] = base_level
            j = i - 1
            while j >= 0 and original[j] in LINE_END_RESET:
                levels[j] = base_level
                j -= 1
    return levels


def visual_order(levels: Sequence[int]) -> list[int]:
    """L2: the indices of runs (or characters) at these levels, left to right as displayed: from
    the highest level down to the lowest odd one, every stretch at that level or above is
    reversed."""
    order = list(range(len(levels)))
    odd = [level for level in levels if level % 2]
    if not odd:
        return order
    for level in range(max(levels), min(odd) - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] < level:
                i += 1
                continue
            end = i
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[i:end] = order[i:end][::-1]
            i = end
    return order
