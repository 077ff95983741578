"""The demo engine's designer: an ad creative composed with Pillow — brand-colour gradient, the
product image on a soft card, the logo, a headline and sub-headline in real fonts
(services/engines/text_faces.py), a call to action.
"""

import hashlib
import io
import unicodedata
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

from services.colors import color_hex, hex_to_rgb
from services.engines.text_bidi import paragraph_direction
from services.engines.text_faces import SEQUENCE_MARKS, SKIN_TONES, TextFaces, text_faces

WHITE = (255, 255, 255)


@dataclass
class CreativeSpec:
    width: int
    height: int
    primary: str
    secondary: str
    headline: str = ""
    sub_headline: str = ""
    headline_color: str = ""
    sub_headline_color: str = ""
    call_to_action: str = ""
    product: bytes | None = None
    logo: bytes | None = None
    seed: str = ""


def parse_color(value: str, default: str) -> tuple[int, int, int]:
    """A colour field's value — a hex code or a CSS colour name ("navy", "light blue",
    "Sky-Blue") — read with the table the form check uses (services.colors), so every colour the
    form accepts is drawn as that colour; the default when empty."""
    hex_code = color_hex(value) or color_hex(default)
    return hex_to_rgb(hex_code) if hex_code else WHITE


def compose_creative(spec: CreativeSpec) -> bytes:
    width, height = spec.width, spec.height
    primary = parse_color(spec.primary, "#59F7FF")
    secondary = parse_color(spec.secondary, "#FF6B9D")
    canvas = _gradient(width, height, primary, secondary).convert("RGBA")
    _decorate(canvas, spec.seed)
    unit = min(width, height)
    margin = int(unit * 0.06)
    top = margin

    if spec.logo:
        logo = _load(spec.logo)
        if logo:
            logo = ImageOps.contain(logo, (int(width * 0.22), int(unit * 0.11)))
            plate = Image.new(
                "RGBA", (logo.width + margin // 2, logo.height + margin // 2), (255, 255, 255, 230)
            )
            plate = _rounded(plate, radius=margin // 3)
            canvas.alpha_composite(plate, (margin, margin))
            canvas.alpha_composite(logo, (margin + margin // 4, margin + margin // 4))
            top = margin + plate.height + margin // 2

    draw = ImageDraw.Draw(canvas)
    text_width = width - 2 * margin
    if spec.headline:
        color = parse_color(spec.headline_color, "#FFFFFF") if spec.headline_color else WHITE
        top = _draw_text_block(
            draw,
            spec.headline,
            family="montserrat",
            weight=800,
            size=int(unit * 0.075),
            top=top,
            width=width,
            max_width=text_width,
            color=color,
            max_lines=3,
        ) + int(unit * 0.015)
    if spec.sub_headline:
        color = parse_color(spec.sub_headline_color, "#FFFFFF") if spec.sub_headline_color else WHITE
        top = _draw_text_block(
            draw,
            spec.sub_headline,
            family="inter",
            weight=500,
            size=int(unit * 0.038),
            top=top,
            width=width,
            max_width=text_width,
            color=color,
            max_lines=2,
        )

    cta_height = int(unit * 0.09) if spec.call_to_action else 0
    bottom = height - margin - cta_height - (margin // 2 if cta_height else 0)
    area_top = top + margin // 2
    if spec.product:
        product = _load(spec.product)
        if product and bottom - area_top > unit * 0.2:
            _place_product(
                canvas, product, box=(margin, area_top, width - margin, bottom), radius=margin // 2
            )

    if spec.call_to_action:
        _draw_button(
            canvas,
            spec.call_to_action,
            center_x=width // 2,
            top=height - margin - cta_height,
            height=cta_height,
            color=secondary,
        )

    out = io.BytesIO()
    canvas.convert("RGB").save(out, format="PNG")
    return out.getvalue()


# --- pieces ------------------------------------------------------------------------------------------
def _gradient(width: int, height: int, start, end) -> Image.Image:
    # A diagonal blend (top-left → bottom-right): the mean of a horizontal and a vertical ramp is the
    # mask between the two fills.
    vertical = Image.linear_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    horizontal = Image.linear_gradient("L").rotate(90)
    horizontal = horizontal.resize((width, height), Image.Resampling.BILINEAR)
    mask = ImageChops.add(vertical, horizontal, scale=2.0)
    return Image.composite(
        Image.new("RGB", (width, height), end), Image.new("RGB", (width, height), start), mask
    )


def _decorate(canvas: Image.Image, seed: str) -> None:
    """A few soft translucent circles, placed from a hash of the inputs (same inputs, same picture)."""
    digest = hashlib.sha256(seed.encode()).digest()
    # Drawn and blurred at an eighth of the size, then scaled up: the same soft look for a
    # fraction of the blur's cost.
    scale = 8
    width, height = canvas.size
    small = Image.new("RGBA", (width // scale, height // scale), (255, 255, 255, 0))
    draw = ImageDraw.Draw(small)
    for i in range(3):
        x = digest[i * 3] / 255 * small.width
        y = digest[i * 3 + 1] / 255 * small.height
        r = (0.15 + digest[i * 3 + 2] / 255 * 0.25) * min(small.size)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255, 28))
    small = small.filter(ImageFilter.GaussianBlur(2))
    canvas.alpha_composite(small.resize(canvas.size, Image.Resampling.BILINEAR))


def _load(data: bytes) -> Image.Image | None:
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    return image.convert("RGBA")


def _rounded(image: Image.Image, *, radius: int) -> Image.Image:
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius=radius, fill=255)
    image = image.copy()
    image.putalpha(Image.composite(image.getchannel("A"), mask, mask))
    return image


def _place_product(canvas: Image.Image, product: Image.Image, *, box, radius: int) -> None:
    left, top, right, bottom = box
    box_w, box_h = right - left, bottom - top
    padding = max(8, radius // 2)
    fitted = ImageOps.contain(product, (int(box_w * 0.8) - 2 * padding, box_h - 2 * padding))
    card_w, card_h = fitted.width + 2 * padding, fitted.height + 2 * padding
    x = left + (box_w - card_w) // 2
    y = top + (box_h - card_h) // 2
    # The soft shadow is blurred only over the card's own area (plus the blur's reach).
    reach = 3 * padding
    shadow = Image.new("RGBA", (card_w + 2 * reach, card_h + 2 * reach), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle(
        (reach + padding // 2, reach + padding, reach + card_w + padding // 2, reach + card_h + padding),
        radius=radius,
        fill=(0, 0, 0, 70),
    )
    shadow = shadow.filter(ImageFilter.GaussianBlur(padding))
    canvas.alpha_composite(
        shadow, dest=(max(0, x - reach), max(0, y - reach)), source=(max(0, reach - x), max(0, reach - y))
    )
    card = _rounded(Image.new("RGBA", (card_w, card_h), (255, 255, 255, 240)), radius=radius)
    canvas.alpha_composite(card, (x, y))
    canvas.alpha_composite(fitted, (x + padding, y + padding))


def wrap_lines(
    draw: ImageDraw.ImageDraw, text: str, faces: TextFaces, max_width: int, *, direction: str
) -> tuple[list[str], bool]:
    """Lines that fit max_width, broken where a browser may break: at spaces and between Chinese
    and Japanese characters; and whether a word too long for a line of its own had to be cut."""
    lines: list[str] = []
    current = ""
    cut = False
    for glue, piece in _break_pieces(text):
        trial = f"{current}{glue}{piece}" if current else piece
        if faces.length(draw, trial, direction=direction) <= max_width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = piece
        if faces.length(draw, piece, direction=direction) <= max_width:
            continue
        cut, current = True, ""
        for cluster in _clusters(piece):
            trial = current + cluster
            if current and faces.length(draw, trial, direction=direction) > max_width:
                lines.append(current)
                trial = cluster
            current = trial
    if current:
        lines.append(current)
    return lines, cut


# Chinese and Japanese are written without spaces: a line may break between any two of these
# characters (CJK punctuation, kana, ideographs, full-width forms) ...
CJK_RANGES = ((0x2E80, 0x2FDF), (0x3000, 0x30FF), (0x31F0, 0x31FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF))
CJK_RANGES += ((0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))
# ... except before closing punctuation, small kana and the long-vowel mark, or after an opening
# bracket (the basic kinsoku rules a browser follows).
NO_BREAK_BEFORE = frozenset(
    "、。，．・：；？！ー）」』】〕〉》〙〗｝］ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〜"
)
NO_BREAK_AFTER = frozenset("（「『【〔〈《〘〖｛［")


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in CJK_RANGES)


def _break_pieces(text: str) -> list[tuple[str, str]]:
    """The text as (glue, piece) pairs between break opportunities: glue is the space a line
    break swallows ("" between CJK characters)."""
    pieces: list[tuple[str, str]] = []
    for word in text.split():
        glue = " "
        piece = ""
        for i, char in enumerate(word):
            if piece and i > 0:
                before = word[i - 1]
                if (
                    (_is_cjk(before) or _is_cjk(char))
                    and char not in NO_BREAK_BEFORE
                    and before not in NO_BREAK_AFTER
                    and not _joins_previous(char)
                ):
                    pieces.append((glue, piece))
                    glue, piece = "", ""
            piece += char
        pieces.append((glue, piece))
    return pieces


def _joins_previous(char: str) -> bool:
    """Marks drawn on or with the character before them: a combining mark (Thai and Devanagari
    vowel signs too), a variation selector, the zero-width joiner, a skin tone."""
    return unicodedata.category(char).startswith("M") or char in SEQUENCE_MARKS or char in SKIN_TONES


def _clusters(word: str) -> list[str]:
    """A word cut where a line may break inside it as a last resort: before a character that
    does not join the one before (nor follows a zero-width joiner or a virama, which build one
    glyph with the next character)."""
    clusters: list[str] = []
    for char in word:
        if clusters and (
            _joins_previous(char)
            or clusters[-1][-1] == "\u200d"
            or unicodedata.combining(clusters[-1][-1]) == 9
        ):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


def _draw_text_block(draw, text, *, family, weight, size, top, width, max_width, color, max_lines) -> int:
    """Centred, wrapped text with a soft shadow; shrinks until it fits in max_lines without a word
    cut. Returns the bottom."""
    while True:
        faces = text_faces(family, weight, size)
        # Wrapped as drawn: a word made only of characters no face has goes, and its space with it.
        visible = faces.visible(text)
        # The whole block's direction, as dir="auto" takes it from the paragraph, not each line.
        direction = paragraph_direction(visible)
        lines, cut = wrap_lines(draw, visible, faces, max_width, direction=direction)
        # Smaller before a word is cut (a Thai phrase has no spaces to break at).
        if (len(lines) <= max_lines and not cut) or size <= 14:
            break
        size = int(size * 0.88)
    lines = lines[:max_lines]
    line_height = int(size * 1.22)
    shadow = max(1, size // 22)
    for i, line in enumerate(lines):
        x = (width - faces.length(draw, line, direction=direction)) / 2
        baseline = top + i * line_height + faces.ascent
        faces.draw(draw, (x + shadow, baseline + shadow), line, fill=(0, 0, 0, 90), direction=direction)
        faces.draw(draw, (x, baseline), line, fill=color, direction=direction)
    return top + len(lines) * line_height


def _draw_button(canvas, text, *, center_x, top, height, color) -> None:
    draw = ImageDraw.Draw(canvas)
    faces = text_faces("montserrat", 700, int(height * 0.42))
    text_width = faces.length(draw, text)
    width = int(text_width + height * 1.4)
    left = center_x - width // 2
    draw.rounded_rectangle((left, top, left + width, top + height), radius=height // 2, fill=WHITE)
    ink_top, ink_bottom = faces.extent(draw, text)
    # The brand colour on white reads well only when it is dark enough.
    luminance = (0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]) / 255
    fill = color if luminance < 0.6 else (30, 30, 30)
    baseline = top + (height - (ink_bottom - ink_top)) / 2 - ink_top
    faces.draw(draw, (center_x - text_width / 2, baseline), text, fill=fill)
