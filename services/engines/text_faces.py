"""Text in the demo engine's creatives, drawn as a browser would: the @fontsource files the front
end already installs (Pillow reads .woff directly), so the editor and the server draw with the
same faces. A family comes in subsets (latin, latin-ext, cyrillic, …) and each character is drawn
with the subset that has it, as a browser picks by unicode-range; emoji come from Noto Emoji
(monochrome, drawn in the text's colour: Pillow cannot draw the colour emoji font's SVG glyphs).
A character no installed face has is left out rather than drawn as an empty box.
"""

import bisect
import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from django.conf import settings
from PIL import ImageDraw, ImageFont

FONTSOURCE_DIR = "frontend/node_modules/@fontsource/{family}"
# Where node_modules is missing, the editor's latin faces the front-end build copied.
BUILT_FONTS_DIR = "static/dist/fonts"
EMOJI_FAMILY = "noto-emoji"
# Marks that belong to the character before them (zero-width joiner, text/emoji variation
# selectors, the keycap): drawn in its face, so an emoji sequence (1️⃣, ❤️, 👨‍👩‍👧) can join.
SEQUENCE_MARKS = frozenset("\u200d\ufe0e\ufe0f\u20e3")
# Noto Emoji is monochrome: it cannot show a skin tone, and draws a modifier alone as a hatched
# square that reads as a missing glyph, so modifiers are left out (👍🏽 is drawn as 👍).
SKIN_TONES = frozenset(map(chr, range(0x1F3FB, 0x1F400)))

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass(frozen=True)
class Face:
    """One font file and the code points it has (None: anything — a last resort with no
    unicode-range to go by)."""

    path: str
    size: int
    starts: tuple[int, ...] | None = None
    ends: tuple[int, ...] = ()

    def has(self, char: str) -> bool:
        if self.starts is None:
            return True
        i = bisect.bisect_right(self.starts, ord(char)) - 1
        return i >= 0 and ord(char) <= self.ends[i]

    @cached_property
    def font(self) -> Font:
        return _truetype(self.path, self.size)


@dataclass(frozen=True)
class TextFaces:
    """A family at one weight and size with its fallbacks, drawing text run by run in the face
    that has each character. Lines are placed by the first face's ascent, so text in it alone
    sits exactly where a single font would put it."""

    faces: tuple[Face, ...]

    @property
    def ascent(self) -> int:
        return self.faces[0].font.getmetrics()[0] if self.faces else 0

    def runs(self, text: str) -> list[tuple[str, Face]]:
        runs: list[tuple[str, Face]] = []
        for i, char in enumerate(text):
            if char in SKIN_TONES:
                continue
            if char in SEQUENCE_MARKS:
                if runs and runs[-1][1].has(char):
                    runs[-1] = (runs[-1][0] + char, runs[-1][1])
                continue
            face = self._face_for(char, mark=text[i + 1 : i + 2])
            if face is None:
                continue  # no installed face has it: left out, not drawn as a box
            if runs and runs[-1][1] is face:
                runs[-1] = (runs[-1][0] + char, face)
            else:
                runs.append((char, face))
        return runs

    def _face_for(self, char: str, *, mark: str) -> Face | None:
        """The first face with the character — with the mark after it too, if one follows (so
        "1" + U+FE0F + U+20E3 is drawn by the emoji face as a keycap, not as "1" and a frame)."""
        having = [face for face in self.faces if face.has(char)]
        if mark in SEQUENCE_MARKS:
            return next((face for face in having if face.has(mark)), having[0] if having else None)
        return having[0] if having else None

    def visible(self, text: str) -> str:
        """The text as it will be drawn: without the characters no face has."""
        return "".join(run for run, _ in self.runs(text))

    def length(self, draw: ImageDraw.ImageDraw, text: str) -> float:
        return sum(draw.textlength(run, font=face.font) for run, face in self.runs(text))

    def extent(self, draw: ImageDraw.ImageDraw, text: str) -> tuple[int, int]:
        """How far the ink reaches above (negative) and below the baseline."""
        boxes = [draw.textbbox((0, 0), run, font=face.font, anchor="ls") for run, face in self.runs(text)]
        if not boxes:
            return 0, 0
        return min(box[1] for box in boxes), max(box[3] for box in boxes)

    def draw(self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *, fill) -> None:
        """Draws text with its left end at x and its baseline at y."""
        x, baseline = xy
        for run, face in self.runs(text):
            draw.text((x, baseline), run, font=face.font, fill=fill, anchor="ls")
            x += draw.textlength(run, font=face.font)


@cache
def text_faces(family: str, weight: int, size: int) -> TextFaces:
    """The family's subsets (latin first), then Noto Emoji's; the editor's copy of the family's
    latin face, or Pillow's own font, only where the packages are not installed."""
    faces = [*_subset_faces(family, weight, size), *_subset_faces(EMOJI_FAMILY, weight, size)]
    if not any(face.path.startswith(_package_dir(family)) for face in faces):
        built = Path(settings.BASE_DIR) / BUILT_FONTS_DIR / f"{family}-latin-{weight}-normal.woff2"
        if built.exists():
            faces.insert(0, Face(str(built), size))
    if not faces:
        faces.append(Face("", size))
    return TextFaces(tuple(faces))


def _package_dir(family: str) -> str:
    return str(Path(settings.BASE_DIR) / FONTSOURCE_DIR.format(family=family))


def _subset_faces(family: str, weight: int, size: int) -> list[Face]:
    folder = Path(_package_dir(family))
    subsets = _subsets(str(folder))
    faces = []
    # latin first: it has the space, digits and punctuation other subsets repeat.
    for subset in sorted(subsets, key=lambda name: name != "latin"):
        starts, ends = subsets[subset]
        for candidate in _nearest_weights(str(folder), weight):
            path = folder / "files" / f"{family}-{subset}-{candidate}-normal.woff"
            if path.exists():
                faces.append(Face(str(path), size, starts, ends))
                break
    return faces


@cache
def _subsets(folder: str) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """unicode.json of an @fontsource package — {"latin": "U+0000-00FF,U+0131,…", "[4]": …} —
    as each subset's sorted (starts, ends), keyed by the name its files carry."""
    try:
        ranges = json.loads((Path(folder) / "unicode.json").read_text())
    except (OSError, ValueError):
        return {}
    subsets = {}
    for name, spec in ranges.items():
        pairs = []
        for part in spec.split(","):
            low, _, high = part.strip().removeprefix("U+").partition("-")
            pairs.append((int(low, 16), int(high or low, 16)))
        merged: list[list[int]] = []
        for low, high in sorted(pairs):
            if merged and low <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], high)
            else:
                merged.append([low, high])
        subsets[name.strip("[]")] = (tuple(m[0] for m in merged), tuple(m[1] for m in merged))
    return subsets


@cache
def _nearest_weights(folder: str, weight: int) -> list[int]:
    """The family's weights, nearest to the one asked for first (Noto Emoji stops at 700)."""
    try:
        weights = json.loads((Path(folder) / "metadata.json").read_text())["weights"]
    except (OSError, ValueError, KeyError):
        weights = [weight]
    return sorted(weights, key=lambda w: (abs(w - weight), -w))


@cache
def _truetype(path: str, size: int) -> Font:
    if path:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    return ImageFont.load_default(size)
