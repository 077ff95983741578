"""The form schema of each tool: documented request field names, sections, lists, defaults, bounds, messages.

Sources: spec 001 §2 (sections), §3 (request fields, option lists), §5 (rules, defaults, messages).
Where a message is not documented it follows the documented patterns ('{Field} must be at least N
characters', '{Field} must not exceed 250 characters', 'Please select a …', '{Field} is required').
"""

from services import option_lists as lists
from services.schema import (
    Field,
    Section,
    StepSchemas,
    ToolSchema,
    choice_field,
    color_field,
    image_field,
    text_field,
    url_field,
)


def _niche(*, required: bool) -> Field:
    return choice_field(
        "niche",
        "Niche",
        lists.NICHES,
        pick="a niche",
        required=required,
        aliases=lists.NICHE_ALIASES,
        placeholder="Select a niche",
    )


def _language(name: str = "language", choices=lists.LANGUAGES) -> Field:
    return choice_field(name, "Language", choices, pick="a language", default="English")


def _versions(label: str) -> Field:
    return Field(
        name="versions",
        label=label,
        type="number",
        required=True,
        min=1,
        max=5,
        default=3,
        messages={
            "required": "Versions must be a whole number from 1 to 5",
            "invalid": "Versions must be a whole number from 1 to 5",
        },
    )


def _must_include_and_avoid() -> tuple[Field, Field]:
    return (
        text_field(
            "mustInclude", "Must Include", textarea=True, placeholder="Words, claims or details to include"
        ),
        text_field("mustAvoid", "Must Avoid", textarea=True, placeholder="Words, claims or topics to avoid"),
    )


def _content_guidelines() -> Section:
    return Section("Content Guidelines", _must_include_and_avoid())


# The same field reads the same on every tool's form.
AUDIENCE_PLACEHOLDER = "e.g. Women 25-40"


def _product_name() -> Field:
    return text_field("productName", "Product Name", min_length=2, placeholder="e.g. Glow Serum")


def _product_description() -> Field:
    return text_field(
        "productDescription",
        "Product Description",
        min_length=10,
        textarea=True,
        placeholder="What it is, what it does, who it is for",
    )


def _product_benefits(*, min_length: int) -> Field:
    return text_field(
        "productBenefits",
        "Product Benefits",
        min_length=min_length,
        textarea=True,
        placeholder="e.g. Brighter skin in two weeks, gentle on sensitive skin",
    )


META_COPY_SCHEMA = ToolSchema(
    (
        Section(
            "Basic Information",
            (
                _niche(required=False),
                text_field("brand", "Brand Name", min_length=2, placeholder="e.g. Glow Naturals"),
                text_field(
                    "productService",
                    "Product/Service",
                    message_name="Product/service",
                    min_length=2,
                    placeholder="e.g. Vitamin C serum",
                ),
                text_field(
                    "targetAudience", "Target Audience", min_length=2, placeholder=AUDIENCE_PLACEHOLDER
                ),
                _product_description(),
                _product_benefits(min_length=10),
                text_field("offer", "Offer", placeholder="e.g. 20% off your first order"),
            ),
        ),
        Section(
            "Copy Settings",
            (
                _language(choices=lists.META_COPY_LANGUAGES),
                choice_field(
                    "copyLength",
                    "Copy Length",
                    lists.META_COPY_LENGTHS,
                    pick="a copy length",
                    default="medium",
                ),
                choice_field(
                    "copyStructure",
                    "Copy Structure",
                    lists.COPY_STRUCTURES,
                    pick="a copy structure",
                    default="AIDA",
                ),
                _versions("Number of Versions"),
            ),
        ),
        Section(
            "Additional Instructions",
            (*_must_include_and_avoid(),),
        ),
    )
)

META_CREATIVE_SCHEMA = ToolSchema(
    (
        Section(
            "Basic Information",
            (
                _niche(required=True),
                _language(),
                _product_name(),
            ),
        ),
        Section(
            "Product Details",
            (
                _product_description(),
                _product_benefits(min_length=5),
                text_field(
                    "audience", "Target Audience", message_name="Audience", placeholder=AUDIENCE_PLACEHOLDER
                ),
            ),
        ),
        Section(
            "Brand Assets",
            (
                image_field("logoUrl", "Logo", bucket="logos"),
                image_field(
                    "productImageUrl",
                    "Product Image",
                    bucket="products",
                ),
                color_field(
                    "primaryColor",
                    "Primary Color",
                    message_name="Primary color",
                    required=True,
                    default="#59F7FF",
                ),
                color_field(
                    "secondaryColor",
                    "Secondary Color",
                    message_name="Secondary color",
                    required=True,
                    default="#FF6B9D",
                ),
            ),
        ),
        Section(
            "Creative Settings",
            (
                text_field(
                    "visualTheme", "Visual Theme", min_length=5, placeholder="e.g. Fresh, summery, outdoors"
                ),
                choice_field(
                    "visualComposition",
                    "Visual Composition",
                    lists.VISUAL_COMPOSITIONS,
                    pick="a visual composition",
                    default="Bold and Dynamic",
                ),
                choice_field(
                    "creativeType",
                    "Creative Type",
                    lists.CREATIVE_TYPES,
                    pick="a creative type",
                    default="Product Focus",
                ),
            ),
        ),
        _content_guidelines(),
    )
)

SCRAPE_FIRST = "Please scrape the website first"


def _upload_or_url(
    upload: tuple[str, str], url: tuple[str, str], *, bucket: str, required_message: str = ""
) -> tuple[Field, Field]:
    """An image the user uploads or names by URL: two fields, each naming the other."""
    (upload_name, upload_label), (url_name, url_label) = upload, url
    return (
        image_field(
            upload_name, upload_label, bucket=bucket, url_field=url_name, required_message=required_message
        ),
        url_field(url_name, url_label, paired_with=upload_name),
    )


def _scrape_id() -> Field:
    # Set by the island from the successful scrape; the action checks it names the user's own scrape.
    return Field(
        name="scrapeId",
        label="Website analysis",
        type="hidden",
        required=True,
        messages={"required": SCRAPE_FIRST, "invalid": SCRAPE_FIRST},
    )


META_ADS_FULL_SCHEMAS = StepSchemas(
    {
        "scrape": ToolSchema(
            (
                Section(
                    "Website",
                    (
                        choice_field("type", "Type", lists.SCRAPE_TYPES, pick="a type", radio=True),
                        url_field("websiteUrl", "Website URL", required=True),
                    ),
                ),
            )
        ),
        "copy": ToolSchema(
            (
                Section(
                    "Copy Configuration",
                    (
                        _scrape_id(),
                        _language(),
                        choice_field(
                            "length",
                            "Length",
                            lists.META_FULL_COPY_LENGTHS,
                            pick="a length",
                            default="Medium",
                        ),
                        _versions("Versions"),
                    ),
                ),
            )
        ),
        "creative": ToolSchema(
            (
                Section(
                    "Creative Configuration",
                    (
                        _scrape_id(),
                        *_upload_or_url(
                            ("productImage", "Product Image"),
                            ("productImageUrl", "Product image URL"),
                            bucket="products",
                            required_message="Please provide a product image (upload or URL)",
                        ),
                        *_upload_or_url(("logo", "Logo"), ("logoUrl", "Logo URL"), bucket="logos"),
                        _language("creativeLanguage"),
                    ),
                ),
            )
        ),
    },
    step_message="Please choose scrape, copy or creative",
)

SOCIAL_MEDIA_COPY_SCHEMA = ToolSchema(
    (
        Section(
            "Basic Information",
            (
                _niche(required=False),
                choice_field(
                    "platform", "Platform", lists.SOCIAL_PLATFORMS, pick="a platform", default="Instagram"
                ),
                _product_name(),
            ),
        ),
        Section(
            "Product Details",
            (
                _product_description(),
                text_field("audience", "Audience", placeholder=AUDIENCE_PLACEHOLDER),
            ),
        ),
        Section(
            "Content Settings",
            (
                text_field("copyTheme", "Copy Theme", min_length=5, placeholder="e.g. Summer launch"),
                choice_field(
                    "copyLength",
                    "Copy Length",
                    lists.SOCIAL_COPY_LENGTHS,
                    pick="a copy length",
                    default="Middle",
                ),
                _language(),
                text_field("toneOfVoice", "Tone of Voice", placeholder="e.g. Friendly and witty"),
            ),
        ),
        _content_guidelines(),
    )
)


def _custom_text(name: str, label: str, message_name: str, *, shown_by: str) -> Field:
    """The text a user types when the option field `shown_by` is set to Custom; then it is required."""
    required = f"{message_name} is required"
    return text_field(
        name,
        label,
        message_name=message_name,
        show_if=(shown_by, "Custom"),
        messages={"required": required, "minLength": required},
        min_length=1,
    )


_SOCIAL_PICKER_DEFAULTS = {
    "colorPrimaryTheme": "#EC4899",
    "colorSecondaryTheme": "#8B5CF6",
    "headlineColor": "#666666",
    "subHeadlineColor": "#8B5CF6",
}

SOCIAL_MEDIA_CREATIVE_SCHEMA = ToolSchema(
    (
        Section(
            "Basic Information",
            (
                _niche(required=False),
                choice_field("format", "Format", lists.IMAGE_FORMATS, pick="a format", default="1024x1024"),
            ),
        ),
        Section(
            "Media Assets",
            (
                *_upload_or_url(
                    ("productImageUpload", "Product Image"),
                    ("productImageUrl", "Product image URL"),
                    bucket="products",
                    required_message="Product image is required",
                ),
                *_upload_or_url(("logoUpload", "Logo"), ("logoImageUrl", "Logo image URL"), bucket="logos"),
            ),
        ),
        Section(
            "Creative Settings",
            (
                choice_field(
                    "headlineOptions",
                    "Headline",
                    lists.HEADLINE_OPTIONS,
                    pick="a headline option",
                    default="AI Generated",
                ),
                _custom_text(
                    "customHeadline", "Custom Headline", "Custom headline", shown_by="headlineOptions"
                ),
                choice_field(
                    "subHeadlineOptions",
                    "Sub-Headline",
                    lists.SUB_HEADLINE_OPTIONS,
                    pick="a sub-headline option",
                    default="AI Generated",
                ),
                _custom_text(
                    "customSubHeadline",
                    "Custom Sub-Headline",
                    "Custom sub-headline",
                    shown_by="subHeadlineOptions",
                ),
            ),
        ),
        Section(
            "Design & Colors",
            tuple(
                color_field(
                    name, label, message_name=message_name, picker_default=_SOCIAL_PICKER_DEFAULTS[name]
                )
                for name, label, message_name in [
                    ("headlineColor", "Headline Color", "Headline color"),
                    ("subHeadlineColor", "Sub-Headline Color", "Sub-headline color"),
                    ("colorPrimaryTheme", "Primary Theme Color", "Color primary theme"),
                    ("colorSecondaryTheme", "Secondary Theme Color", "Color secondary theme"),
                ]
            ),
        ),
        Section(
            "Visual Customization",
            (
                text_field("visualTheme", "Visual Theme", placeholder="e.g. Warm, cosy, autumn"),
                text_field(
                    "visualComposition", "Visual Composition", placeholder="e.g. Product centred, clean"
                ),
            ),
        ),
        _content_guidelines(),
    )
)

SPY_MASTER_SCHEMA = ToolSchema(
    (
        Section(
            "Search Configuration",
            (
                text_field(
                    "searchTerm",
                    "Search Term",
                    min_length=1,
                    messages={"minLength": "Search term is required", "required": "Search term is required"},
                    placeholder="A competitor, brand or keyword",
                    help="One search term",
                ),
                Field(
                    name="adsStartedBefore",
                    label="Ads Started Before",
                    type="date",
                    required=True,
                    messages={"required": "Date is required", "invalid": "Please enter a valid date"},
                ),
                choice_field("country", "Country", lists.SPY_COUNTRIES, pick="a country", default="ALL"),
                choice_field("language", "Language", lists.SPY_LANGUAGES, pick="a language", default="en"),
            ),
        ),
        Section(
            "Analysis Settings",
            (
                choice_field("adType", "Ad Type", lists.SPY_AD_TYPES, pick="an ad type", default="ALL"),
                choice_field(
                    "adsAmount", "Number of Ads", lists.SPY_ADS_AMOUNTS, pick="a number of ads", default="10"
                ),
                choice_field(
                    "platforms",
                    "Platform",
                    lists.SPY_PLATFORMS,
                    pick="a platform",
                    default="FACEBOOK",
                    help="One platform",
                ),
                choice_field(
                    "mediaType", "Media Type", lists.SPY_MEDIA_TYPES, pick="a media type", default="ALL"
                ),
            ),
        ),
    )
)
