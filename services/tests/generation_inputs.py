"""Valid inputs for each tool, as the islands post them, and rows the jobs would have left."""

import itertools

from history.models import Generation

META_COPY_INPUTS = {
    "brand": "Glow Naturals",
    "productService": "Vitamin C serum",
    "targetAudience": "Women 25-45 who care about skincare",
    "productDescription": "A lightweight serum with 15% vitamin C that brightens skin.",
    "productBenefits": "Brighter skin in two weeks, gentle on sensitive skin.",
    "language": "English",
    "copyLength": "medium",
    "copyStructure": "AIDA",
    "versions": 3,
}
META_CREATIVE_INPUTS = {
    "niche": "Cosmetics&Skincare",
    "productName": "Glow Serum",
    "productDescription": "A lightweight serum with 15% vitamin C that brightens skin.",
    "productBenefits": "Brighter skin in two weeks",
    "visualTheme": "Fresh citrus morning light",
}
SOCIAL_COPY_INPUTS = {
    "productName": "Trail Runner X",
    "productDescription": "A light trail shoe with a grippy sole for muddy paths.",
    "copyTheme": "Weekend adventures",
    "platform": "Instagram",
}
SCRAPE_INPUTS = {"step": "scrape", "type": "Product", "websiteUrl": "https://shop.example.com/serum"}
SPY_INPUTS = {"searchTerm": "running shoes", "adsStartedBefore": "2026-01-01"}

_keys = itertools.count(1)


def finished_scrape(
    user, *, url="https://shop.example.com/serum", status=Generation.Status.SUCCESS, **fields
):
    """A Meta Ads Full scrape as the job leaves it when it succeeded."""
    fields.setdefault("output_data", {"report": "Glow Naturals sells vitamin C serums.", "engine": "demo"})
    return Generation.objects.create(
        user=user,
        tool="meta-ads-full",
        service_type="meta_ads_full",
        step="scrape",
        status=status,
        input_data={"step": "scrape", "type": "Product", "websiteUrl": url},
        idempotency_key=f"scrape-{next(_keys)}",
        **fields,
    )
