"""The generation record: the documented `user_activity_history` row plus the job's lifecycle.

A generation is written once when it is paid for (status `queued`), claimed by a worker
(`running`, with a heartbeat), and settled exactly once (`success`, or `failed` with a refund).
The job code lives in `services/actions.py`; this module only describes and reads the rows.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from config.sql import MAX_DATABASE_ID, fetch_one
from history.storage import file_url


class ServiceType(models.TextChoices):
    """Canonical (underscore) service types: the only spellings ever written."""

    META_COPY = "meta_copy", "Meta Copy"
    META_CREATIVE = "meta_creative", "Meta Creative"
    META_ADS_FULL = "meta_ads_full", "Meta Ads Full"
    SOCIAL_MEDIA_COPY = "social_media_copy", "Social Media Copy"
    SOCIAL_MEDIA_CREATIVE = "social_media_creative", "Social Media Creative"
    SPY_MASTER = "spy_master", "Spy Master"


# Legacy spellings seen in the documented history table (spec 000 §3) that are not simply the
# hyphenated canonical type. `social_media` is the service name the old social-creative webhook
# body carried; `meta_ads` is the old Meta Ads Full type.
LEGACY_SERVICE_TYPES = {
    "meta_ads": ServiceType.META_ADS_FULL,
    "social_media": ServiceType.SOCIAL_MEDIA_CREATIVE,
}


def canonical_service_type(spelling: str) -> str:
    """`meta-copy` → `meta_copy`, `meta_ads` → `meta_ads_full`; unknown types come back
    in underscore form (so they match nothing rather than raising)."""
    underscored = spelling.strip().lower().replace("-", "_")
    return LEGACY_SERVICE_TYPES.get(underscored, underscored)


def service_type_spellings(spelling: str) -> list[str]:
    """Every stored spelling that means the same service as `spelling`."""
    canonical = canonical_service_type(spelling)
    spellings = {canonical, canonical.replace("_", "-")}
    spellings.update(legacy for legacy, target in LEGACY_SERVICE_TYPES.items() if target == canonical)
    return sorted(spellings)


class GenerationQuerySet(models.QuerySet):
    def for_user(self, user):
        """Every read of a user's generations starts here: another user's id is then a 404."""
        if user is None or not getattr(user, "pk", None):
            return self.none()
        return self.filter(user_id=user.pk)

    def of_service_type(self, spelling: str):
        """Matches the underscore, hyphen and legacy spellings of one service type."""
        return self.filter(service_type__in=service_type_spellings(spelling))

    def in_flight(self):
        return self.filter(status__in=Generation.IN_FLIGHT)

    def successful(self):
        return self.filter(status=Generation.Status.SUCCESS)

    def scrapes(self):
        """Website analyses: the free first step of Meta Ads Full, the only tool with a scrape step
        (so no tool slug is needed here), which its copy and creative steps build on."""
        return self.filter(step=Generation.Step.SCRAPE)

    def created_since(self, moment):
        return self.filter(created_at__gte=moment)

    def newest_first(self):
        return self.order_by("-created_at", "-id")


class GenerationManager(models.Manager.from_queryset(GenerationQuerySet)):
    # On the manager, not the queryset: it reads one row by its own SQL, so a filtered queryset
    # would silently not apply its filters.
    def owned(self, user, pk: int) -> "Generation | None":
        """The user's generation `pk`, or None (another user's id included: a 404). The tool pages
        poll it every 2 seconds while a generation runs, so it is read with one SQL statement
        (config.sql.fetch_one): the ORM's query cost several times the rest of a poll. The
        generation comes with its owner attached."""
        if user is None or not getattr(user, "pk", None) or not 0 < pk <= MAX_DATABASE_ID:
            return None
        generation = fetch_one(self.model, "id = %s AND user_id = %s", [pk, user.pk])
        if generation is not None:
            generation.user = user
        return generation


class Generation(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        SUCCESS = "success", "Success"
        FAILED = "failed", "Failed"

    class Step(models.TextChoices):
        NONE = "", "—"
        SCRAPE = "scrape", "Website analysis"  # as the history lists and the tool page name it
        COPY = "copy", "Copy"
        CREATIVE = "creative", "Creative"

    IN_FLIGHT = (Status.QUEUED, Status.RUNNING)

    # No index of its own: the (user, …) indexes below serve every lookup by user, and each index
    # is one more write for every generation started.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="generations", db_index=False
    )
    tool = models.CharField(max_length=40)  # registry slug, e.g. "meta-copy"
    service_type = models.CharField(max_length=40, choices=ServiceType.choices)
    step = models.CharField(max_length=10, choices=Step.choices, blank=True, default=Step.NONE)
    input_data = models.JSONField(default=dict, blank=True)
    # The normalized engine output (docs/CONTRACTS.md); an image is referenced by our file URL,
    # never stored inline.
    output_data = models.JSONField(default=dict, blank=True)
    # The stored result ({area}/{userId}/{serviceType}_{timestamp}.png|.txt); empty when
    # storing failed or nothing was produced.
    file = models.FileField(max_length=500, blank=True)
    # The documented optional field: the file's path inside its bucket ({userId}/{name}).
    bucket_path = models.CharField(max_length=500, blank=True)
    credits_used = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error_message = models.TextField(blank=True)
    engine = models.CharField(max_length=20, blank=True)
    idempotency_key = models.CharField(max_length=100)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    # Queued: the latest a worker may pick it up (GENERATION_QUEUE_TIMEOUT_SECONDS after it was
    # started). Running: the end of its run time (the tool's, from the claim). The reaper and the
    # heartbeat fail and refund it past this.
    deadline_at = models.DateTimeField(null=True, blank=True)

    objects = GenerationManager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="generation_user_newest"),
            # The dashboard counts a user's generations per status, and finds the newest id, on
            # every visit: an index-only scan. Named anew in 0005: 0003 was once (user, status).
            models.Index(fields=["user", "status", "id"], name="generation_user_status_id"),
            # Only the unfinished generations, by user: a start counts the user's own in id order
            # (services.limit_counts), and the reaper reads them all.
            models.Index(
                fields=["user", "id"],
                name="generation_user_in_flight",
                condition=Q(status__in=["queued", "running"]),
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "idempotency_key"], name="generation_idempotency_key_per_user"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["queued", "running", "success", "failed"]),
                name="generation_status_valid",
            ),
            models.CheckConstraint(
                condition=Q(step__in=["", "scrape", "copy", "creative"]), name="generation_step_valid"
            ),
            models.CheckConstraint(
                condition=Q(service_type__in=[choice.value for choice in ServiceType]),
                name="generation_service_type_canonical",
            ),
        ]

    def __str__(self):
        step = f" ({self.step})" if self.step else ""
        return f"#{self.pk} {self.tool}{step} {self.status}"

    @property
    def file_url(self) -> str | None:
        """The owner-only URL of the stored result (None when nothing was stored)."""
        if not self.file:
            return None
        return file_url(self.file.name)


class CreativeVersionQuerySet(models.QuerySet):
    def latest_for(self, generation) -> "CreativeVersion | None":
        return self.filter(generation=generation).order_by("-created_at", "-id").first()


class CreativeVersion(models.Model):
    """A creative with text laid over it by the text-overlay editor (history/versions.py).

    Non-destructive: the generation's own file stays the original; each Apply adds a version
    holding the rendered PNG (same pixel size as the original) and the text layers that
    produced it, so the editor can reopen on the original with those layers.
    """

    generation = models.ForeignKey(Generation, on_delete=models.CASCADE, related_name="versions")
    file = models.FileField(max_length=500)
    # {"version": 1, "elements": [{id, text, x, y, fontSize, fontFamily, color, fontWeight,
    # fontStyle, textAlign, rotation, opacity}]}: x/y in % of the image, fontSize in pixels.
    layers = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)

    objects = CreativeVersionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["generation", "-created_at"], name="creativeversion_newest")]

    def __str__(self):
        return f"version {self.pk} of generation {self.generation_id}"

    @property
    def file_url(self) -> str | None:
        return file_url(self.file.name) if self.file else None
