"""The documented option lists (spec 001 §3), word for word."""

from services.schema import Option, options

TECHNOLOGY_AND_GAMING = "Technology & Gaming"

NICHES = options(
    "Body&Health",
    "Cosmetics&Skincare",
    "Food&Drink",
    "Supplements&Vitamins",
    "Eco&Natural Products",
    "Aromatherapy&Relaxation",
    "Sport&Fitness",
    "Fashion&Accessories",
    "Women's Fashion",
    "Men's Fashion",
    "Kids' Fashion",
    "Shoes&Bags",
    "Jewellery&Accessories",
    "Home&Lifestyle",
    "Kitchen&Homemaking",
    "Organisation&Arrangement",
    "Smart devices for the home",
    "Gardening&Outdoors",
    "Minimalist Lifestyle",
    "Personalised gifts",
    "Gifts&Art",
    "Posters Pictures and Prints",
    "Handmade Products",
    "DIY and Hobby materials",
    "Children&Family",
    "Baby products",
    "Toys and educational materials",
    "Products for parents",
    "Pets",
    "Products for Dogs",
    "Products for Cats",
    "Accessories and Pet food",
    TECHNOLOGY_AND_GAMING,
    "Technological Accessories",
    "Gaming&Electronics",
    "Marketing",
    "AI Services",
    "Design&Architecture",
    "Law",
    "Finance",
    "HR",
)


def _niche_aliases() -> dict[str, str]:
    """Legacy spellings → the stored one (spec/README decision 7).

    The documents write '&' with and without spaces; either spelling of any niche is accepted.
    """
    aliases = {"Technolgy&Gaming": TECHNOLOGY_AND_GAMING, "Technology&Gaming": TECHNOLOGY_AND_GAMING}
    for option in NICHES:
        if "&" in option.value:
            spaced = " & ".join(part.strip() for part in option.value.split("&"))
            tight = "&".join(part.strip() for part in option.value.split("&"))
            for spelling in (spaced, tight):
                if spelling != option.value:
                    aliases[spelling] = option.value
    aliases["Technolgy & Gaming"] = TECHNOLOGY_AND_GAMING
    return aliases


NICHE_ALIASES = _niche_aliases()

META_COPY_LANGUAGES = options(
    "English",
    "Spanish",
    "French",
    "German",
    "Italian",
    "Portuguese",
    "Dutch",
    "Russian",
    "Chinese",
    "Japanese",
    "Korean",
    "Arabic",
    "Hindi",
    "Bulgarian",
)

# Meta Creative, Meta Ads Full and both Social Media tools.
LANGUAGES = options(
    "English",
    "Spanish",
    "French",
    "German",
    "Italian",
    "Portuguese",
    "Russian",
    "Chinese",
    "Japanese",
    "Korean",
    "Arabic",
    "Hindi",
    "Dutch",
    "Swedish",
    "Norwegian",
    "Danish",
    "Finnish",
    "Polish",
    "Czech",
    "Hungarian",
    "Romanian",
    "Bulgarian",
    "Greek",
    "Turkish",
    "Hebrew",
    "Thai",
    "Vietnamese",
    "Indonesian",
    "Malay",
)

META_COPY_LENGTHS = (Option("short", "Short"), Option("medium", "Medium"), Option("long", "Long"))

COPY_STRUCTURES = (
    Option("AIDA", "AIDA (Attention, Interest, Desire, Action)"),
    Option("PAS", "PAS (Problem, Agitate, Solution)"),
    Option("FAB", "FAB (Features, Advantages, Benefits)"),
    Option("PPPP", "PPPP (Picture, Promise, Prove, Push)"),
    Option("Generic", "Generic"),
)

META_FULL_COPY_LENGTHS = options("Short", "Medium", "Long")

SCRAPE_TYPES = (
    Option("Product", "Product", "A single product you sell"),
    Option("Service", "Service", "A service your business offers"),
    Option("Multiple Products", "Multiple Products", "A shop or catalogue with several products"),
    Option("Brand", "Brand", "Your brand as a whole"),
)

VISUAL_COMPOSITIONS = options(
    "Minimalist",
    "Bold and Dynamic",
    "Elegant and Sophisticated",
    "Fun and Playful",
    "Professional and Clean",
)

CREATIVE_TYPES = options(
    "Product Focus",
    "Lifestyle",
    "Problem-Solution",
    "Before-After",
    "Testimonial",
    "Educational",
)

SOCIAL_COPY_LENGTHS = options("Short", "Middle", "Long")
SOCIAL_PLATFORMS = options("Facebook", "Instagram", "TikTok", "LinkedIn")

IMAGE_FORMATS = options("1024x1024", "1024x1536", "1536x1024")
HEADLINE_OPTIONS = options("AI Generated", "No Headline", "Custom")
SUB_HEADLINE_OPTIONS = options("AI Generated", "No Sub-Headline", "Custom")

SPY_COUNTRIES = options(
    "ALL",
    "BG",
    "US",
    "UK",
    "DE",
    "ES",
    "IT",
    "NL",
    "FR",
    "TR",
    "BE",
    "CZ",
    "DK",
    "EE",
    "IE",
    "EL",
    "HR",
    "CY",
    "LV",
    "LT",
    "LU",
    "HU",
    "MT",
    "AT",
    "PL",
    "PT",
    "RO",
    "SI",
    "SK",
    "FI",
    "SE",
)
SPY_AD_TYPES = options(
    "ALL",
    "EMPLOYMENT ADS",
    "FINANCIAL PRODUCTS AND SERVICES",
    "HOUSING ADS",
    "POLITICAL AND ISSUE ADS",
)
SPY_LANGUAGES = options(
    "bg",
    "en",
    "de",
    "es",
    "it",
    "nl",
    "fr",
    "tr",
    "be",
    "cz",
    "dk",
    "hr",
    "el",
    "hu",
    "pl",
    "ro",
    "pt",
    "si",
    "sk",
    "fi",
    "se",
)
SPY_ADS_AMOUNTS = options("10", "20", "30", "40", "50")
SPY_PLATFORMS = options(
    "FACEBOOK", "INSTAGRAM", "WHATSAPP", "MESSENGER", "AUDIENCE_NETWORK", "OCULUS", "THREADS"
)
SPY_MEDIA_TYPES = options("ALL", "VIDEO", "IMAGE", "MEME", "NONE")
