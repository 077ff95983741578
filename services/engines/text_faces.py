"""Text in the demo engine's creatives, drawn as a browser would: the @fontsource files the front
end already installs (Pillow reads .woff and .woff2 directly), so the editor and the server draw
with the same faces. A family comes in subsets (latin, latin-ext, cyrillic, …) and each character
is drawn with the subset that has it, as a browser picks by unicode-range; emoji come from Noto
Emoji (monochrome, drawn in the text's colour: Pillow cannot draw the colour emoji font's SVG
glyphs); the scripts the family lacks come from Noto fallbacks — Greek, Devanagari and the rest of
Noto Sans, then Arabic, Hebrew, Thai, Chinese (which also has the Japanese kana) and Korean — as a
browser falls back to the system's fonts.

A line is split into runs of one face and one direction, put in visual order by the Unicode
bidirectional algorithm as a dir="auto" element is (services/engines/text_bidi.py), and each run
is laid out by raqm, which joins Arabic letters and shapes Devanagari and Thai. Measuring goes
through the same runs, so a line's measured width is the width it is drawn at.

A character no installed face has is left out rather than drawn as an empty box.
"""

import bisect
import json
import unicodedata
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path

from django.conf import settings
from PIL import Image, ImageDraw, ImageFont

from services.engines.text_bidi import embedding_levels, paragraph_direction, visual_order

NODE_MODULES_DIR = "frontend/node_modules"
FONTSOURCE = "@fontsource"
# The same project's variable fonts: one file per subset for every weight. For the CJK fallbacks
# that is about 9 MB instead of about 130 MB of static weights.
FONTSOURCE_VARIABLE = "@fontsource-variable"
# Where node_modules is missing, the editor's latin faces the front-end build copied.
BUILT_FONTS_DIR = "static/dist/fonts"
EMOJI_FAMILY = "noto-emoji"
# After the family and the emoji, in this order. Noto Sans brings Greek, Devanagari, Vietnamese
# and the Cyrillic a family may lack; Noto Sans SC has the hanzi, the kana and most kanji (all but
# a few dozen rare ones of JIS level 1) — so one package serves Chinese and Japanese.
FALLBACK_FAMILIES = (
    (FONTSOURCE, "noto-sans"),
    (FONTSOURCE_VARIABLE, "noto-sans-arabic"),
    (FONTSOURCE_VARIABLE, "noto-sans-hebrew"),
    (FONTSOURCE_VARIABLE, "noto-sans-thai"),
    (FONTSOURCE_VARIABLE, "noto-sans-sc"),
    (FONTSOURCE_VARIABLE, "noto-sans-kr"),
)
# The range of @fontsource's "latin" subset: what the built latin face is drawn for.
LATIN_RANGE = (
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,"
    "U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
)
# Marks that belong to the character before them (zero-width joiner, text/emoji variation
# selectors, the keycap): drawn in its face, so an emoji sequence (1️⃣, ❤️, 👨‍👩‍👧) can join.
SEQUENCE_MARKS = frozenset("\u200d\ufe0e\ufe0f\u20e3")
# Noto Emoji is monochrome: it cannot show a skin tone, and draws a modifier alone as a hatched
# square that reads as a missing glyph, so modifiers are left out (👍🏽 is drawn as 👍).
SKIN_TONES = frozenset(map(chr, range(0x1F3FB, 0x1F400)))

# Letters, numbers, punctuation and symbols: characters that always have ink, so a missing glyph
# shows as the font's "not defined" box. (Spaces, marks and format characters go by the range.)
INKED_CATEGORIES = frozenset("LNPS")
# A code point no font has (plane 16's last private use character): drawn as the "not defined" box.
NOT_DEFINED = "\U0010fffd"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass(frozen=True)
class Face:
    """One font file and the code points it has (None: anything — a last resort with no
    unicode-range to go by). weight: the weight to set on a variable font's axis."""

    path: str
    size: int
    starts: tuple[int, ...] | None = None
    ends: tuple[int, ...] = ()
    weight: int | None = None

    def has(self, char: str) -> bool:
        """In the face's unicode-range and, as a browser checks the font itself, in the file: a
        subset's range often lists characters its file has no glyph for (Noto Sans SC's lists
        some Hangul, which must come from Noto Sans KR)."""
        if self.starts is None:
            return True
        i = bisect.bisect_right(self.starts, ord(char)) - 1
        if i < 0 or ord(char) > self.ends[i]:
            return False
        return unicodedata.category(char)[0] not in INKED_CATEGORIES or _has_glyph(self.path, char)

    @cached_property
    def font(self) -> Font:
        return _truetype(self.path, self.size, self.weight)

    def layout(self, direction: str) -> dict:
        """Keyword arguments for Pillow's text calls: the run's direction for raqm. Without raqm
        (Pillow's basic layout takes no direction) the caller reverses a right-to-left run."""
        return {"direction": direction} if _shapes(self.font) else {}


@dataclass(frozen=True)
class Run:
    """Characters drawn by one face in one direction."""

    text: str
    face: Face
    direction: str = "ltr"

    def glyphs(self) -> str:
        """The text as handed to Pillow: reversed for a right-to-left run where no raqm lays it
        out (letters unjoined, but in reading order)."""
        if self.direction == "rtl" and not _shapes(self.face.font):
            return self.text[::-1]
        return self.text


@dataclass(frozen=True)
class TextFaces:
    """A family at one weight and size with its fallbacks, drawing text run by run in the face
    that has each character. Lines are placed by the first face's ascent, so text in it alone
    sits exactly where a single font would put it.

    direction (of the paragraph a line is from: "ltr", "rtl", or None for the line's own, as
    dir="auto" finds it) must be the same when a line is measured and when it is drawn."""

    faces: tuple[Face, ...]
    # The face chosen for each (character, mark after it): a CJK character is looked up through
    # a hundred subsets, and wrapping measures the same words again and again.
    _chosen: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def ascent(self) -> int:
        return self.faces[0].font.getmetrics()[0] if self.faces else 0

    def runs(self, text: str) -> list[Run]:
        """Runs in reading (logical) order, a new one where the face changes."""
        return [run for run, _ in self._split(text, levels=None)]

    def line(self, text: str, *, direction: str | None = None) -> list[Run]:
        """The runs of one line, left to right as displayed."""
        base_level = 1 if (direction or paragraph_direction(text)) == "rtl" else 0
        split = self._split(text, levels=embedding_levels(text, base_level=base_level))
        return [split[k][0] for k in visual_order([level for _, level in split])]

    def _split(self, text: str, *, levels: list[int] | None) -> list[tuple[Run, int]]:
        """Runs in reading order with each one's embedding level: a new run where the face
        changes, or the level (when levels, one per character, are given)."""
        split: list[tuple[Run, int]] = []
        for i, char in enumerate(text):
            if char in SKIN_TONES:
                continue
            if char in SEQUENCE_MARKS:
                if split and split[-1][0].face.has(char):
                    run, level = split[-1]
                    split[-1] = (Run(run.text + char, run.face, run.direction), level)
                continue
            face = self._face_for(char, mark=text[i + 1 : i + 2])
            if face is None:
                continue  # no installed face has it: left out, not drawn as a box
            level = levels[i] if levels else 0
            if split and split[-1][0].face is face and split[-1][1] == level:
                split[-1] = (Run(split[-1][0].text + char, face, split[-1][0].direction), level)
            else:
                split.append((Run(char, face, "rtl" if level % 2 else "ltr"), level))
        return split

    def _face_for(self, char: str, *, mark: str) -> Face | None:
        """The first face with the character — with the mark after it too, if one follows (so
        "1" + U+FE0F + U+20E3 is drawn by the emoji face as a keycap, not as "1" and a frame)."""
        key = (char, mark if mark in SEQUENCE_MARKS else "")
        if key not in self._chosen:
            having = (face for face in self.faces if face.has(char))
            first = next(having, None)
            if first is not None and key[1] and not first.has(mark):
                first = next((face for face in having if face.has(mark)), first)
            self._chosen[key] = first
        return self._chosen[key]

    def visible(self, text: str) -> str:
        """The text as it will be drawn: without the characters no face has."""
        return "".join(run.text for run in self.runs(text))

    def length(self, draw: ImageDraw.ImageDraw, text: str, *, direction: str | None = None) -> float:
        return sum(_advance(draw, run) for run in self.line(text, direction=direction))

    def extent(
        self, draw: ImageDraw.ImageDraw, text: str, *, direction: str | None = None
    ) -> tuple[int, int]:
        """How far the ink reaches above (negative) and below the baseline."""
        boxes = [
            draw.textbbox(
                (0, 0), run.glyphs(), font=run.face.font, anchor="ls", **run.face.layout(run.direction)
            )
            for run in self.line(text, direction=direction)
        ]
        if not boxes:
            return 0, 0
        return min(box[1] for box in boxes), max(box[3] for box in boxes)

    def draw(
        self,
        draw: ImageDraw.ImageDraw,
        xy: tuple[float, float],
        text: str,
        *,
        fill,
        direction: str | None = None,
    ) -> None:
        """Draws a line with its left end at x and its baseline at y."""
        x, baseline = xy
        for run in self.line(text, direction=direction):
            draw.text(
                (x, baseline),
                run.glyphs(),
                font=run.face.font,
                fill=fill,
                anchor="ls",
                **run.face.layout(run.direction),
            )
            x += _advance(draw, run)


def _advance(draw: ImageDraw.ImageDraw, run: Run) -> float:
    return draw.textlength(run.glyphs(), font=run.face.font, **run.face.layout(run.direction))


@cache
def text_faces(family: str, weight: int, size: int) -> TextFaces:
    """The family's subsets (latin first), then Noto Emoji's, then the fallbacks'. Where the
    packages are not installed (a deployment with only static/dist): the editor's copy of the
    family's latin face, drawn for the latin range alone — so text in other scripts is left out
    there — or Pillow's own font."""
    faces = [
        *_subset_faces(FONTSOURCE, family, weight, size),
        *_subset_faces(FONTSOURCE, EMOJI_FAMILY, weight, size),
    ]
    for package, fallback in FALLBACK_FAMILIES:
        if fallback != family:
            faces.extend(_subset_faces(package, fallback, weight, size))
    if not any(face.path.startswith(_package_dir(FONTSOURCE, family)) for face in faces):
        built = _built_latin_face(family, weight)
        if built:
            starts, ends = _ranges(LATIN_RANGE)
            faces.insert(0, Face(built, size, starts, ends))
    if not faces:
        faces.append(Face("", size))
    return TextFaces(tuple(faces))


def _package_dir(package: str, family: str) -> str:
    return str(Path(settings.BASE_DIR) / NODE_MODULES_DIR / package / family)


def _built_latin_face(family: str, weight: int) -> str | None:
    """The built latin face of the family nearest the weight (the build copies only the weights
    the editor offers)."""
    folder = Path(settings.BASE_DIR) / BUILT_FONTS_DIR
    built = {}
    for path in folder.glob(f"{family}-latin-*-normal.woff2"):
        built_weight = path.name.removeprefix(f"{family}-latin-").removesuffix("-normal.woff2")
        if built_weight.isdigit():
            built[int(built_weight)] = str(path)
    if not built:
        return None
    return built[min(built, key=lambda w: (abs(w - weight), -w))]


def _subset_faces(package: str, family: str, weight: int, size: int) -> list[Face]:
    folder = Path(_package_dir(package, family))
    subsets = _subsets(str(folder))
    faces = []
    # latin first: it has the space, digits and punctuation other subsets repeat.
    for subset in sorted(subsets, key=lambda name: name != "latin"):
        starts, ends = subsets[subset]
        if package == FONTSOURCE_VARIABLE:
            path = folder / "files" / f"{family}-{subset}-wght-normal.woff2"
            if path.exists():
                faces.append(Face(str(path), size, starts, ends, weight=weight))
            continue
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
    return {name.strip("[]"): _ranges(spec) for name, spec in ranges.items()}


def _ranges(spec: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A CSS unicode-range ("U+0000-00FF,U+0131,…") as sorted, merged (starts, ends)."""
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
    return tuple(m[0] for m in merged), tuple(m[1] for m in merged)


@cache
def _nearest_weights(folder: str, weight: int) -> list[int]:
    """The family's weights, nearest to the one asked for first (Noto Emoji stops at 700)."""
    try:
        weights = json.loads((Path(folder) / "metadata.json").read_text())["weights"]
    except (OSError, ValueError, KeyError):
        weights = [weight]
    return sorted(weights, key=lambda w: (abs(w - weight), -w))


@cache
def _truetype(path: str, size: int, weight: int | None = None) -> Font:
    if path:
        try:
            font = ImageFont.truetype(path, size)
        except OSError:
            pass
        else:
            if weight is not None:
                _set_weight(font, weight)
            return font
    return ImageFont.load_default(size)


def _set_weight(font: ImageFont.FreeTypeFont, weight: int) -> None:
    """Sets a variable font's weight axis (clamped to its range), the other axes at default."""
    try:
        axes = font.get_variation_axes()
    except OSError:
        return  # not a variable font after all: drawn at its one weight
    font.set_variation_by_axes(
        [
            min(max(weight, axis["minimum"]), axis["maximum"])
            if axis["name"] in (b"Weight", "Weight")
            else axis["default"]
            for axis in axes
        ]
    )


@lru_cache(maxsize=65536)
def _has_glyph(path: str, char: str) -> bool:
    """Whether the font file has a glyph for the character: drawn, it is not the "not defined"
    box. (Pillow does not expose a font's character map; basic layout draws a character by its
    own glyph, raqm could substitute.)"""
    if not path:
        return True
    return _probe(path, char) != _probe(path, NOT_DEFINED)


@lru_cache(maxsize=65536)
def _probe(path: str, char: str) -> bytes:
    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((8, 8), char, font=_probe_font(path), fill=255)
    return image.tobytes()


@cache
def _probe_font(path: str) -> Font:
    try:
        return ImageFont.truetype(path, 24, layout_engine=ImageFont.Layout.BASIC)
    except OSError:
        return ImageFont.load_default(24)


def _shapes(font: Font) -> bool:
    """Whether the font is laid out by raqm (bidi, shaping), not Pillow's basic layout."""
    return getattr(font, "layout_engine", None) == ImageFont.Layout.RAQM
