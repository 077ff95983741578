from django.conf import settings


def page_title(path: str, product: str) -> str:
    """'/' → '{product} - Your Marketing AI Assistant'; elsewhere the last path segment,
    split on hyphens and capitalised, then ' | {product}' (spec/README decision 8)."""
    segments = [s for s in path.split("/") if s]
    if not segments:
        return f"{product} - Your Marketing AI Assistant"
    words = " ".join(word.capitalize() for word in segments[-1].split("-") if word)
    return f"{words} | {product}"


def site(request):
    return {
        "PRODUCT_NAME": settings.PRODUCT_NAME,
        "page_title": page_title(request.path, settings.PRODUCT_NAME),
    }
