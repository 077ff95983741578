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
    reads as sentence case ("Brighter skin" → "brighter skin"). A capital on the next word marks a
    name, kept as typed: "Vitamin C serum", "Glow Serum", "Crumb & Co Bakery" (the next word, not
    the "&")."""
    text = squash(text).rstrip(".!?;:,")
    if not text:
        return ""
    first, *others = text.split(" ")
    second = next((word for word in others if any(c.isalpha() for c in word)), "")
    sentence_case = first.isalpha() and first[0].isupper() and (len(first) == 1 or first[1:].islower())
    if sentence_case and not second[:1].isupper():
        return text[0].lower() + text[1:]
    return text


def capitalised(text: str) -> str:
    """The text with a capital first letter, unless it starts with an address, which is kept as
    typed ("https://…", "www.…", "hello@…")."""
    text = squash(text)
    first = text.split(" ", 1)[0]
    if "://" in first or first.lower().startswith("www.") or "@" in first:
        return text
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
    product: str  # the product's name; "" when only the brand is known (a website's brief)
    kind: str = "product"  # the common noun for what is sold, where the copy needs one
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

    @property
    def name(self) -> str:
        """What the ad is about: the product's name, or the brand's when no product is named."""
        return self.product or self.brand

    @property
    def product_or_kind(self) -> str:
        """The product's name, or the common noun ("product", "service") where a sentence needs one."""
        return self.product or self.kind

    @property
    def brands_product(self) -> str:
        """ "Glow Naturals' Vitamin C serum", or just the brand when no product is named."""
        return f"{self.brands} {self.product}" if self.product else self.brand

    def offering(self, preposition: str = "from") -> str:
        """ "Vitamin C serum from Glow Naturals", or just the brand when no product is named."""
        return f"{self.product} {preposition} {self.brand}" if self.product else self.brand

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
                f"Most {b.product_or_kind} options over-promise and under-deliver.",
                f"You've tried everything to get {benefit} — and nothing stuck.",
                f"Why is {benefit} so hard to find?",
            ),
            v,
        )
        return [
            problem,
            "Every day you wait is another day of frustration — and money spent on things that don't work.",
            f"{b.brands_product} is different.",
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
                f"{capitalised(b.offering('by'))}: {details}.",
                f"Here's what makes {b.brands_product} different: {details}.",
                f"Inside every {b.product_or_kind} from {b.brand}: {details}.",
                f"Built by {b.brand}, {b.product or f'every {b.kind}'} is {details}.",
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
            as_sentence(f"That's the promise of {b.offering()}"),
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
                f"Looking for the right {b.product_or_kind}?",
                f"Calling all {audience}!",
                as_sentence(f"Imagine {benefit}"),
                f"Still searching for {benefit}?",
                f"{b.brand} is changing the game for {audience}.",
            ),
            v,
        )
        return [
            attention,
            as_sentence(f"Meet {b.offering()}"),
            description,
            as_sentence(f"Enjoy {benefits}"),
            offer,
            cta,
            as_sentence(f"Made for {audience}"),
            "Once you try it, there's no going back.",
        ]
    opening = _nth(  # Generic
        (
            f"Discover {b.offering()}.",
            f"{b.brand} presents {b.product or f'its {b.kind}s'}.",
            f"Say hello to {b.offering('by')}.",
            f"Introducing {b.offering()}.",
            f"There's a new favourite in town: {b.offering('by')}.",
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
        f"{capitalised(brief.name)}: {capitalised(brief.lead_benefit(version))}",
        f"Meet {brief.brand}",
        f"Why {brief.audience_or_default} choose {brief.brand}",
        capitalised(brief.offer) if brief.offer else f"Discover {brief.name}",
        f"The {brief.product_or_kind} you've been waiting for",
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
# "Acme | Coffee", "Acme - Coffee", "Acme: Coffee", "Acme · Coffee": the separators page titles use.
TITLE_SEPARATOR_RE = re.compile(r"\s*[|·•»]\s*|\s+[-–—]\s+|:\s+")
# Title parts that name no brand or product ("Acme | Home").
GENERIC_TITLE_PARTS = {
    "home",
    "homepage",
    "home page",
    "welcome",
    "official site",
    "official website",
    "shop",
    "store",
    "online shop",
    "online store",
}
# Host labels that are not a site's name ("www.shop.acme.co.uk" → "acme").
GENERIC_HOST_LABELS = {"www", "shop", "store", "app", "com", "co", "net", "org", "uk"}
NAME_MAX_WORDS = 6
SITE_TYPE_KINDS = {"Service": "service"}  # anything else sells products


def brief_from_scrape(scrape: dict) -> Brief:
    """Brand, product, description and selling points read back out of a scrape result.

    The names come from the page title: of its parts, the one that matches the site's address
    (else the first) is the brand, and another is the product ("Vitamin C Serum | Glow
    Naturals" on glownaturals.com). A title without separator names the brand only, and the copy
    speaks of the brand. The site's Type only picks the common noun a sentence may need
    ("product" or "service"): it is never used as a name.
    """
    fields = dict(scrape.get("fields") or {})
    report = str(scrape.get("report") or "")
    values = {}
    for line in report.splitlines():
        key, _, value = line.partition(":")
        if value.strip() and key.strip() in ("Website", "Type", "Title", "Description"):
            values[key.strip()] = value.strip()
    headings = [line[2:].strip() for line in report.splitlines() if line.startswith("- ")]
    title = values.get("Title") or fields.get("Title") or fields.get("title") or ""
    website = values.get("Website") or scrape.get("websiteUrl") or ""
    brand, product = names_from_title(title, host_labels=_host_labels(website))
    description = values.get("Description") or fields.get("Description") or fields.get("description") or ""
    if not description and not values and report:
        description = shorten(report, 200)
    benefits = [as_clause(h) for h in headings if len(h) < 80][:3]
    kind = SITE_TYPE_KINDS.get(values.get("Type") or scrape.get("type") or "", "product")
    return Brief(brand=brand, product=product, kind=kind, description=description, benefits=benefits)


def names_from_title(title: str, *, host_labels: list[str]) -> tuple[str, str]:
    """(brand, product name) from a page title; the product is "" when the title names none."""
    parts = [
        re.sub(r"^welcome to\s+", "", squash(part), flags=re.IGNORECASE)
        for part in TITLE_SEPARATOR_RE.split(title)
    ]
    parts = [part for part in parts if part and part.lower() not in GENERIC_TITLE_PARTS]
    names = [part for part in parts if len(part.split()) <= NAME_MAX_WORDS and not re.search(r"[,!?]", part)]
    if not names:
        return capitalised(host_labels[0] if host_labels else "") or "Our brand", ""
    brand = next((name for name in names if _names_site(name, host_labels)), names[0])
    others = [name for name in names if name != brand]
    return brand, as_clause(others[0]) if others else ""


def _host_labels(website: str) -> list[str]:
    """The parts of the site's address that can be its name: "https://www.glow-naturals.co.uk/x"
    → ["glownaturals"]."""
    host = re.sub(r"^https?://", "", website.strip().lower()).split("/")[0].split(":")[0]
    labels = host.split(".")[:-1]  # not the top-level domain
    return [
        re.sub(r"[^a-z0-9]", "", label)
        for label in labels
        if label not in GENERIC_HOST_LABELS and len(label) > 2
    ]


def _names_site(name: str, host_labels: list[str]) -> bool:
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    return bool(key) and any(label in key or (len(key) > 2 and key in label) for label in host_labels)


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
