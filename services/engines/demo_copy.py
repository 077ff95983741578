"""The demo engine's copywriter: readable ad copy built only from what the user typed, shaped by the
chosen framework (AIDA, PAS, FAB, PPPP or Generic), length and number of versions.

Deterministic on purpose: the same inputs give the same copy, so tests and demos are repeatable.
"""

import re
from dataclasses import dataclass, field

LENGTH_SENTENCES = {"short": 3, "medium": 5, "long": 8}
STRUCTURES = ("AIDA", "PAS", "FAB", "PPPP", "Generic")
CALLS_TO_ACTION = (
    "Shop now and see the difference.",
    "Tap the button below to get yours.",
    "Order today and feel the difference.",
    "Click below to learn more.",
    "Try it today — you'll wonder how you managed without it.",
)
DESCRIPTIONS = ("Shop now", "Learn more", "Order today", "See why people love it", "Get yours today")


# --- small text helpers --------------------------------------------------------------------------
def squash(text: str) -> str:
    return re.sub(r"\s+", " ", str(text or "")).strip()


def as_sentence(text: str) -> str:
    text = squash(text)
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else f"{text}."


def as_clause(text: str) -> str:
    """A phrase to embed mid-sentence: no closing punctuation, and a lower-case first letter when it
    reads as sentence case ("Brighter skin" → "brighter skin"; "Vitamin C serum", "Glow Serum" stay)."""
    text = squash(text).rstrip(".!?;:,")
    if not text:
        return ""
    words = text.split(" ")
    first, second = words[0], (words[1] if len(words) > 1 else "")
    sentence_case = first.isalpha() and first[0].isupper() and (len(first) == 1 or first[1:].islower())
    if sentence_case and (not second or not second[0].isupper()):
        return text[0].lower() + text[1:]
    return text


def capitalised(text: str) -> str:
    text = squash(text)
    return text[:1].upper() + text[1:]


def split_benefits(text: str) -> list[str]:
    parts = re.split(r"[,;\n•]+|\s+-\s+|\.\s+", squash(text))
    return [as_clause(part) for part in parts if len(as_clause(part)) > 2]


def join_phrases(phrases: list[str]) -> str:
    phrases = [p for p in phrases if p]
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def shorten(text: str, limit: int) -> str:
    text = squash(text)
    if len(text) <= limit:
        return text
    cut = text[: limit + 1].rsplit(" ", 1)[0].rstrip(",;:-—")
    return cut + "…"


def hashtag(text: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", text)
    return "#" + "".join(word[:1].upper() + word[1:] for word in words) if words else ""


# --- the brief ---------------------------------------------------------------------------------------
@dataclass
class Brief:
    brand: str
    product: str
    audience: str = ""
    description: str = ""
    benefits: list[str] = field(default_factory=list)
    offer: str = ""
    must_include: str = ""
    must_avoid: str = ""

    @property
    def audience_or_default(self) -> str:
        return self.audience or "people who want the best"

    @property
    def benefit(self) -> str:
        return self.benefits[0] if self.benefits else "results you can see"

    @property
    def second_benefit(self) -> str:
        return self.benefits[1] if len(self.benefits) > 1 else self.benefit

    @property
    def brands(self) -> str:
        """The possessive: "Glow's", "Glow Naturals'"."""
        return f"{self.brand}'" if self.brand.endswith("s") else f"{self.brand}'s"

    def lead_benefit(self, version: int) -> str:
        """Each version leads with another of the benefits, so the versions really differ."""
        return self.benefits[version % len(self.benefits)] if self.benefits else self.benefit


def meta_copy_brief(inputs: dict) -> Brief:
    return Brief(
        brand=squash(inputs.get("brand")),
        product=as_clause(inputs.get("productService")),
        audience=as_clause(inputs.get("targetAudience")),
        description=squash(inputs.get("productDescription")),
        benefits=split_benefits(inputs.get("productBenefits", "")),
        offer=squash(inputs.get("offer")),
        must_include=squash(inputs.get("mustInclude")),
        must_avoid=squash(inputs.get("mustAvoid")),
    )


# --- Meta copy ---------------------------------------------------------------------------------------
def _nth(options: tuple[str, ...], version: int) -> str:
    return options[version % len(options)]


def framework_sentences(brief: Brief, structure: str, version: int) -> list[str]:
    """The primary text's sentences in the framework's order (the most important first within a stage)."""
    b, v = brief, version
    audience = b.audience_or_default
    benefit = b.lead_benefit(v)
    cta = _nth(CALLS_TO_ACTION, v)
    offer = as_sentence(b.offer)
    benefits = join_phrases(b.benefits[:3]) or b.benefit
    description = as_sentence(b.description)
    if structure == "PAS":
        problem = _nth(
            (
                f"{capitalised(audience)} know the struggle: too many products promise {benefit} and never deliver.",
                f"Tired of products that promise {benefit} but never deliver?",
                f"Most {b.product} options over-promise and under-deliver.",
                f"You've tried everything to get {benefit} — and nothing stuck.",
                f"Why is {benefit} so hard to find?",
            ),
            v,
        )
        return [
            problem,
            "Every day you wait is another day of frustration — and money spent on things that don't work.",
            f"{b.brands} {b.product} is different.",
            description,
            as_sentence(f"Expect {benefits}"),
            offer,
            cta,
            "Your future self will thank you.",
        ]
    if structure == "FAB":
        details = as_clause(b.description) or "made with care"
        feature = _nth(
            (
                f"{capitalised(b.product)} by {b.brand}: {details}.",
                f"Here's what makes {b.brands} {b.product} different: {details}.",
                f"Inside every {b.product} from {b.brand}: {details}.",
                f"Built by {b.brand}, {b.product} is {details}.",
                f"The details matter: {details}.",
            ),
            v,
        )
        return [
            as_sentence(feature),
            as_sentence(f"That means {benefit}, without the usual compromises"),
            as_sentence(f"For {audience}, it all adds up to one thing: {b.second_benefit}"),
            offer,
            cta,
            as_sentence(f"Built to give you {benefits}"),
            "Small change, big difference.",
            f"Join the people who already switched to {b.brand}.",
        ]
    if structure == "PPPP":
        picture = _nth(
            (
                f"Picture this: {benefit}, every single day.",
                f"Close your eyes and imagine {benefit}.",
                f"Picture yourself enjoying {benefit}.",
                f"Imagine starting every day with {benefit}.",
                f"See yourself with {benefit} — it's closer than you think.",
            ),
            v,
        )
        return [
            picture,
            as_sentence(f"That's the promise of {b.product} from {b.brand}"),
            description,
            as_sentence(f"Made for {audience}, and it shows"),
            offer,
            cta,
            as_sentence(f"Enjoy {benefits}"),
            "Don't wait for someday — start today.",
        ]
    if structure == "AIDA":
        attention = _nth(
            (
                f"Looking for the right {b.product}?",
                f"Calling all {audience}!",
                as_sentence(f"Imagine {benefit}"),
                f"Still searching for {benefit}?",
                f"{b.brand} is changing the game for {audience}.",
            ),
            v,
        )
        return [
            attention,
            as_sentence(f"Meet {b.product} from {b.brand}"),
            description,
            as_sentence(f"Enjoy {benefits}"),
            offer,
            cta,
            as_sentence(f"Made for {audience}"),
            "Once you try it, there's no going back.",
        ]
    opening = _nth(  # Generic
        (
            f"Discover {b.product} from {b.brand}.",
            f"{b.brand} presents {b.product}.",
            f"Say hello to {b.product} by {b.brand}.",
            f"Introducing {b.product} from {b.brand}.",
            f"There's a new favourite in town: {b.product} by {b.brand}.",
        ),
        v,
    )
    return [
        as_sentence(opening),
        description,
        as_sentence(f"Perfect for {audience}"),
        as_sentence(f"Enjoy {benefits}"),
        offer,
        cta,
        "Quality you can feel from day one.",
        "See for yourself why people are talking about it.",
    ]


def _trim_to_length(sentences: list[str], length: str, brief: Brief) -> list[str]:
    sentences = [s for s in sentences if s]
    if brief.must_avoid:
        avoid = brief.must_avoid.lower()
        sentences = [s for s in sentences if avoid not in s.lower()]
    wanted = LENGTH_SENTENCES.get(length.lower(), LENGTH_SENTENCES["medium"])
    # Keep the framework's order, but always keep the call to action for short copy.
    kept = sentences[:wanted]
    action = next((s for s in sentences if s in CALLS_TO_ACTION), None)
    if action and action not in kept:
        kept[-1] = action
    if brief.must_include and brief.must_include.lower() not in " ".join(kept).lower():
        kept.append(as_sentence(brief.must_include))
    return kept


def meta_headline(brief: Brief, version: int) -> str:
    options = [
        f"{capitalised(brief.product)}: {capitalised(brief.lead_benefit(version))}",
        f"Meet {brief.brand}",
        f"Why {brief.audience_or_default} choose {brief.brand}",
        capitalised(brief.offer) if brief.offer else f"Discover {brief.product}",
        f"The {brief.product} you've been waiting for",
    ]
    return shorten(options[version % len(options)], 60)


def meta_description(brief: Brief, version: int) -> str:
    if brief.offer and version % 2 == 0:
        return shorten(capitalised(brief.offer), 60)
    return DESCRIPTIONS[version % len(DESCRIPTIONS)]


def meta_copy_variation(brief: Brief, *, structure: str, length: str, version: int) -> dict:
    sentences = _trim_to_length(framework_sentences(brief, structure, version), length, brief)
    return {
        "headline": meta_headline(brief, version),
        "description": meta_description(brief, version),
        "primaryText": " ".join(sentences),
    }


def meta_copy_variations(brief: Brief, *, structure: str, length: str, versions: int) -> list[dict]:
    count = max(1, min(int(versions), 5))
    return [meta_copy_variation(brief, structure=structure, length=length, version=v) for v in range(count)]


# --- Meta Ads Full: a brief from the website analysis -------------------------------------------------
def brief_from_scrape(scrape: dict) -> Brief:
    """Brand, product, description and selling points read back out of a scrape result."""
    fields = dict(scrape.get("fields") or {})
    report = str(scrape.get("report") or "")
    values = {}
    for line in report.splitlines():
        key, _, value = line.partition(":")
        if value.strip() and key.strip() in ("Website", "Type", "Title", "Description"):
            values[key.strip()] = value.strip()
    headings = [line[2:].strip() for line in report.splitlines() if line.startswith("- ")]
    title = values.get("Title") or fields.get("Title") or fields.get("title") or ""
    title_parts = [part.strip() for part in re.split(r"\s[|\-–—:]\s", title) if part.strip()]
    website = values.get("Website") or scrape.get("websiteUrl") or ""
    host = re.sub(r"^www\.", "", re.sub(r"^https?://", "", website).split("/")[0])
    brand = title_parts[0] if title_parts else capitalised(host.split(".")[0]) or "Our brand"
    product = (
        as_clause(title_parts[1]) if len(title_parts) > 1 else as_clause(values.get("Type") or "products")
    )
    description = values.get("Description") or fields.get("Description") or fields.get("description") or ""
    if not description and not values and report:
        description = shorten(report, 200)
    benefits = [as_clause(h) for h in headings if len(h) < 80][:3]
    return Brief(brand=brand, product=product, description=description, benefits=benefits)


# --- social copy -------------------------------------------------------------------------------------
PLATFORM_STYLE = {
    "Instagram": {"hook": "✨ {theme}: meet {product}!", "cta": "Tap the link in bio to shop. 🛍️", "tags": 5},
    "TikTok": {
        "hook": "POV: you just found {product} 👀",
        "cta": "Follow for more and grab yours via the link in bio!",
        "tags": 4,
    },
    "Facebook": {
        "hook": "{theme} is here — and so is {product}.",
        "cta": "Click below to learn more.",
        "tags": 2,
    },
    "LinkedIn": {
        "hook": "{theme}: introducing {product}.",
        "cta": "Learn more at the link below.",
        "tags": 3,
    },
}
SOCIAL_LENGTH_LINES = {"short": 1, "middle": 3, "long": 6}


def social_media_copy(inputs: dict) -> str:
    platform = inputs.get("platform") or "Instagram"
    style = PLATFORM_STYLE.get(platform, PLATFORM_STYLE["Instagram"])
    product = squash(inputs.get("productName"))
    theme = capitalised(inputs.get("copyTheme") or "Something new")
    description = as_sentence(inputs.get("productDescription"))
    audience = as_clause(inputs.get("audience"))
    body = [
        description,
        as_sentence(f"Made for {audience}") if audience else "Made for people who love great things.",
        as_sentence(f"Whether it's for you or a gift, {product} fits right in"),
        "Thoughtfully made, and ready when you are.",
        as_sentence(f"{theme} has never looked this good"),
        "Limited stock — don't miss out.",
    ]
    wanted = SOCIAL_LENGTH_LINES.get(str(inputs.get("copyLength", "Middle")).lower(), 3)
    lines = [style["hook"].format(theme=theme, product=product), *[line for line in body if line][:wanted]]
    must_include = squash(inputs.get("mustInclude"))
    if must_include:
        lines.append(as_sentence(must_include))
    must_avoid = squash(inputs.get("mustAvoid")).lower()
    if must_avoid:
        lines = [line for line in lines if must_avoid not in line.lower()] or lines[:1]
    lines.append(style["cta"])
    tags = [hashtag(product), hashtag(inputs.get("copyTheme", "")), hashtag(inputs.get("niche", ""))]
    tags += ["#NewArrival", "#ShopSmall", "#MustHave"]
    tags = [tag for tag in dict.fromkeys(tags) if len(tag) > 2][: style["tags"]]
    return "\n\n".join(lines) + "\n\n" + " ".join(tags)
