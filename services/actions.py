"""The job lifecycle of a generation: start (validate → spend → record → enqueue), run, settle.

Every generation ends exactly once: `success` keeps the spend; `failed` refunds it. All three
failure paths — the worker (engine error, crash, unusable output), its watchdog (deadline) and
the reaper (dead worker, missed deadline) — and the admin's "Fail and refund" go through
`fail_generation`, whose conditional status update makes a second settlement a no-op.
"""

import functools
import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import IntegrityError, close_old_connections, connection, transaction
from django.db.models import F, Q
from django.tasks import task_backends
from django.utils import timezone
from django_tasks_db.backend import DatabaseBackend

from config import sql
from config.images import InvalidImage
from config.rate_limits import seconds_until_a_slot_frees, wait_in_words
from config.sql import MAX_DATABASE_ID
from credits.actions import CreditError, refund_credits, spend_credits
from credits.models import CreditBalance
from history.actions import store_result_image, store_result_text
from history.models import Generation
from history.storage import UPLOAD_AREAS, StoredPath, stored_path_from_reference
from services import limit_counts, start_statement
from services.assets import Assets
from services.engines.base import EngineError, EngineResult, engine_name_for, get_engine
from services.engines.images import decode_base64_image
from services.registry import TOOLS, Tool, fallback_error_for, timeout_error_for
from services.schema import StepSchemas
from services.tool_schemas import SCRAPE_FIRST

logger = logging.getLogger(__name__)

SCRAPE, COPY, CREATIVE = "scrape", "copy", "creative"
SCRAPE_REUSE_WINDOW = timedelta(days=1)

UNSTORABLE_TEXT = "This field contains characters that are not allowed."
IMAGE_UNAVAILABLE = "This image is no longer available. Please upload it again."
KEY_REUSED = "This idempotency key was already used for another tool."
KEY_REUSED_FOR_STEP = "This idempotency key was already used for another step."


class GenerationInputError(Exception):
    """The inputs do not pass the tool's schema (or name no usable scrape)."""

    def __init__(self, errors: dict[str, list[str]]):
        self.errors = errors
        super().__init__(errors)


TOO_MANY_ACTIVE = "You already have {limit} generations in progress. Please wait for one to finish."
TOO_MANY_PER_HOUR = "You have started too many generations in the last hour. Please try again in {wait}."
TOO_MANY_SCRAPES = "You have scraped too many websites in the last hour. Please try again in {wait}."


class GenerationLimitReached(Exception):
    """The user has too many generations in flight, started too many in the last hour, or scraped
    too many websites (429); `message` says which. For the hourly limits `retry_after` is the
    seconds until a slot frees (the message says it in minutes); None for the in-flight limit,
    which frees when a generation finishes."""

    def __init__(self, message: str, *, retry_after: int | None = None):
        self.message = message
        self.retry_after = retry_after
        super().__init__(message)


class ScrapeRateLimited(GenerationLimitReached):
    """SCRAPES_PER_HOUR: Meta Ads Full's scrapes are free, so they have a limit of their own."""

    def __init__(self, *, retry_after: int):
        super().__init__(TOO_MANY_SCRAPES.format(wait=wait_in_words(retry_after)), retry_after=retry_after)


def fallback_error(generation: Generation) -> str:
    return fallback_error_for(generation.tool, generation.step)


def timeout_error(generation: Generation) -> str:
    return timeout_error_for(generation.tool, generation.step)


# --- start ------------------------------------------------------------------------------------


def start_generation(
    *, user, tool: Tool, inputs: dict, idempotency_key: str, fresh: bool = False
) -> Generation:
    """Validate, spend, record the generation (queued) and enqueue its job — all or nothing.

    A Meta Ads Full scrape of a website the user had analysed within SCRAPE_REUSE_WINDOW answers
    with that analysis (marked `reused`, so the page can say it is the earlier one) unless
    `fresh` asks for a new one ('Analyze again': the site may have changed since).

    The same idempotency key again (even concurrently) returns the first generation and spends
    nothing more. Raises GenerationInputError (nothing written), credits.InsufficientCredits
    (nothing written) or GenerationLimitReached (ScrapeRateLimited among them).

    A generation this call paid for carries `balance_after`, the balance its spend left, so the
    caller can answer with it instead of reading the balance again.
    """
    cleaned, errors = tool.schema.validate(inputs if isinstance(inputs, dict) else {})
    errors = errors or _unstorable_text_errors(cleaned)
    if errors:
        raise GenerationInputError(errors)
    step = cleaned.get("step", "") if tool.steps else ""
    if errors := unavailable_image_errors(user=user, tool=tool, step=step, inputs=cleaned):
        raise GenerationInputError(errors)

    if step == SCRAPE and not fresh:
        if reusable := _recent_scrape(user=user, inputs=cleaned):
            reusable.reused = True
            return reusable
    elif step in (COPY, CREATIVE):
        scrape_id = cleaned.get("scrapeId")
        if not _successful_scrape(user=user, scrape_id=scrape_id).exists():
            raise GenerationInputError({"scrapeId": [SCRAPE_FIRST]})

    cost = tool.cost_for(step)
    now = timezone.now()
    generation = Generation(
        user=user,
        tool=tool.slug,
        service_type=tool.service_type,
        step=step,
        input_data=cleaned,
        credits_used=cost,
        status=Generation.Status.QUEUED,
        idempotency_key=idempotency_key,
        created_at=now,
        # While queued: the latest a worker may pick it up. The tool's own run time starts when
        # one does (run_generation).
        deadline_at=now + timedelta(seconds=settings.GENERATION_QUEUE_TIMEOUT_SECONDS),
    )
    payment = {
        "cost": cost,
        "reason": _ledger_reason(tool, step),
        "spend_key": f"generation:{user.pk}:{idempotency_key}",
    }
    try:
        # A repeated key fails on the (user, idempotency_key) constraint: the first generation is
        # the answer (below). Checking first would cost every request a query.
        task = _generation_task()
        # The money path's usual case, in one statement. When it writes nothing (a refusal, or
        # another start of this user in between), the row-by-row path below decides.
        one_statement = cost and step != SCRAPE and start_statement.applies(task)
        if one_statement and (started := start_statement.start_if_admitted(generation, task=task, **payment)):
            return started
        with transaction.atomic():
            _record_and_spend(generation, **payment)
            # Counted under the balance-row lock the spend took, so one user's concurrent starts
            # are counted one at a time; and before the job is queued, since the database queue
            # announces a job as it writes it.
            _check_generation_limits(user)
            if step == SCRAPE:
                _check_scrape_rate(user)
            _enqueue(generation.pk)
    except IntegrityError:
        # This key was used before (or by a twin request that committed first). A repeat of the
        # same request gets the first answer; the key on another tool or step would answer a copy
        # request with a scrape, so it is refused.
        if existing := Generation.objects.for_user(user).filter(idempotency_key=idempotency_key).first():
            if existing.tool != tool.slug:
                raise GenerationInputError({"idempotency_key": [KEY_REUSED]}) from None
            if existing.step != step:
                raise GenerationInputError({"idempotency_key": [KEY_REUSED_FOR_STEP]}) from None
            return existing
        raise
    return generation


def _unstorable_text_errors(cleaned: dict) -> dict[str, list[str]]:
    """Text the database cannot store (PostgreSQL refuses NUL characters; lone surrogates cannot be
    encoded) is a field error, not a crash at INSERT time."""
    return {
        name: [UNSTORABLE_TEXT]
        for name, value in cleaned.items()
        if isinstance(value, str) and not is_storable_text(value)
    }


def unavailable_image_errors(*, user, tool: Tool, step: str, inputs: dict) -> dict[str, list[str]]:
    """An image field (or the URL field paired with one) that names one of our stored files — the
    URL POST /api/uploads/ returned, site-relative or absolute — must name the user's own upload,
    still in storage. The engine reads it straight from storage under the user's id
    (services.assets) and would silently get nothing for anything else, after the credits were
    spent. Pasted URLs to other sites are fetched by the engine and are not checked here."""
    schema = tool.schema.steps[step] if isinstance(tool.schema, StepSchemas) else tool.schema
    errors = {}
    for field in schema.fields:
        if field.type != "image" and not field.paired_with:
            continue
        stored = stored_path_from_reference(inputs.get(field.name) or "")
        if stored is not None and not _is_stored_upload_of(user, stored):
            errors[field.name] = [IMAGE_UNAVAILABLE]
    return errors


def _is_stored_upload_of(user, stored: StoredPath) -> bool:
    if stored.user_id != user.pk or stored.area not in UPLOAD_AREAS:
        return False
    try:
        return default_storage.exists(stored.path)
    except Exception:
        # The storage cannot answer (S3 unreachable). "Upload it again" would be the wrong advice
        # then; the job needs the same storage to store its result, so while the outage lasts
        # it fails there and is refunded.
        logger.warning("Could not check that %s exists", stored.path, exc_info=True)
        return True


def is_storable_text(value: str) -> bool:
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _record_and_spend(generation: Generation, *, cost: int, reason: str, spend_key: str) -> None:
    """start_generation's writes row by row, but for the job: what start_if_admitted does in one
    statement, and what a free step, SQLite, another queue or a start that statement did not
    admit needs."""
    sql.insert(generation)
    user = generation.user
    if cost:
        # The spend's UPDATE locks the user's balance row until commit. It needs no savepoint of
        # its own: its reference names the generation just created, so it cannot be a repeat — a
        # conflict fails this whole start instead.
        entry = spend_credits(
            user=user,
            amount=cost,
            reason=reason,
            reference=f"generation:{generation.pk}",
            idempotency_key=spend_key,
            savepoint=False,
        )
        generation.balance_after = entry.balance_after
    else:
        _lock_balance_row(user)


@functools.cache
def _generation_task():
    from services.tasks import run_generation_task  # tasks.py imports this module

    return run_generation_task


def _queue_is_the_database() -> bool:
    return isinstance(task_backends[_generation_task().backend], DatabaseBackend)


def _enqueue(generation_id: int) -> None:
    """Called inside start_generation's transaction. The database queue writes its task row in
    that transaction, so the generation and its job commit together (a crash between the two
    cannot leave a generation without a job). Any other queue (RQ) is told after the commit, so
    a worker never picks up a generation it cannot see yet."""
    if _queue_is_the_database():
        _generation_task().enqueue(generation_id)
    else:
        transaction.on_commit(lambda: _generation_task().enqueue(generation_id))


def _ledger_reason(tool: Tool, step: str) -> str:
    return f"{tool.card_title} ({step})" if step else tool.card_title


def _successful_scrape(*, user, scrape_id):
    if isinstance(scrape_id, bool) or not isinstance(scrape_id, int) or not 0 < scrape_id <= MAX_DATABASE_ID:
        return Generation.objects.none()
    return Generation.objects.for_user(user).scrapes().successful().filter(pk=scrape_id)


def _recent_scrape(*, user, inputs: dict) -> Generation | None:
    """A successful scrape of the same site by the same user within a day: shown again instead
    of fetching the site again (the scrape result is cached per URL for a day)."""
    return (
        Generation.objects.for_user(user)
        .scrapes()
        .successful()
        .created_since(timezone.now() - SCRAPE_REUSE_WINDOW)
        .filter(input_data__websiteUrl=inputs.get("websiteUrl"), input_data__type=inputs.get("type"))
        .newest_first()
        .first()
    )


def _lock_balance_row(user) -> None:
    """A free step spends nothing, so it takes the lock a spend would: it writes the user's
    balance row (the same value back). Paid and free starts of one user then queue on the same
    row, and the new row version tells a paid start's statement that read the row before to
    count again (services.start_statement)."""
    CreditBalance.objects.filter(user_id=user.pk).update(balance=F("balance"))


def _check_generation_limits(user) -> None:
    """The per-user abuse limits — GENERATION_MAX_ACTIVE_PER_USER in flight, GENERATIONS_PER_HOUR
    started (Meta Ads Full's free scrapes not among them: they have SCRAPES_PER_HOUR, and a few
    sites analysed should not refuse a paid generation) — counted from the generation records,
    the caller's new one included, while the caller holds the lock on the user's balance row: one
    user's concurrent starts are counted one at a time and the limits hold exactly; other users
    never wait. (SQLite has no row locks and needs none: its transactions start with BEGIN
    IMMEDIATE, so writers already take turns.)"""
    active_limit = settings.GENERATION_MAX_ACTIVE_PER_USER
    hourly_limit = settings.GENERATIONS_PER_HOUR
    hour_ago = limit_counts.hour_ago()
    params = limit_counts.counts_params(user.pk, since=hour_ago, up_to_active=active_limit + 1)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {limit_counts.counts_sql(connection.vendor)}", params)
        in_flight_count, this_hour = cursor.fetchone()
    # The counts include the caller's own new generation.
    if in_flight_count > active_limit:
        raise GenerationLimitReached(TOO_MANY_ACTIVE.format(limit=active_limit))
    if this_hour > hourly_limit:
        this_hours = Generation.objects.for_user(user).exclude(step=SCRAPE).filter(created_at__gt=hour_ago)
        retry_after = _seconds_until_a_start_fits(this_hours, limit=hourly_limit)
        raise GenerationLimitReached(
            TOO_MANY_PER_HOUR.format(wait=wait_in_words(retry_after)), retry_after=retry_after
        )


def _seconds_until_a_start_fits(this_hours, *, limit: int) -> int:
    """Read only once a limit refused a start: the newest `limit` starts before the caller's own
    (the newest row, dropped here) decide when the sliding hour has room again."""
    newest = list(this_hours.order_by("-created_at").values_list("created_at", flat=True)[: limit + 1])
    return seconds_until_a_slot_frees(starts=newest[1:], limit=limit, now=timezone.now())


def _check_scrape_rate(user) -> None:
    """SCRAPES_PER_HOUR, counted from the generation records themselves (exact across processes,
    no extra state) under the lock on the user's balance row, like the other limits — the
    caller's new scrape included."""
    recent = (
        Generation.objects.for_user(user).scrapes().filter(created_at__gt=timezone.now() - timedelta(hours=1))
    )
    if recent.count() > settings.SCRAPES_PER_HOUR:
        raise ScrapeRateLimited(
            retry_after=_seconds_until_a_start_fits(recent, limit=settings.SCRAPES_PER_HOUR)
        )


# --- run --------------------------------------------------------------------------------------


def run_generation(*, generation_id: int) -> None:
    """The task body. Claims the generation (queued → running, so it never runs twice), runs the
    engine with no transaction open while a heartbeat thread beats, stores the result and marks
    success — or fails and refunds it.

    The tool's deadline counts from the claim: a generation that waited behind others (a Spy
    analysis may hold a worker for ten minutes) still gets its whole run time. One that waited
    past its queue allowance (GENERATION_QUEUE_TIMEOUT_SECONDS) is failed and refunded unrun."""
    generation = Generation.objects.select_related("user").filter(pk=generation_id).first()
    if generation is None or generation.status != Generation.Status.QUEUED:
        logger.info("Generation %s is not queued any more; nothing to run", generation_id)
        return
    tool = TOOLS.get(generation.tool)
    now = timezone.now()
    run_deadline = now + timedelta(seconds=tool.deadline_seconds if tool else 0)  # no tool: fails below
    queued = Generation.objects.filter(pk=generation_id, status=Generation.Status.QUEUED)
    claimed = queued.filter(Q(deadline_at__isnull=True) | Q(deadline_at__gt=now)).update(
        status=Generation.Status.RUNNING, started_at=now, heartbeat_at=now, deadline_at=run_deadline
    )
    if not claimed:
        if queued.filter(deadline_at__lte=now).exists():
            fail_generation(
                generation=generation, message=timeout_error(generation)
            )  # waited too long for a worker
        else:
            logger.info("Generation %s is not queued any more; nothing to run", generation_id)
        return
    generation.status, generation.started_at, generation.heartbeat_at = Generation.Status.RUNNING, now, now
    generation.deadline_at = run_deadline

    try:
        if tool is None:
            raise LookupError(f"Unknown tool {generation.tool!r}")
        engine = get_engine(tool)
        Generation.objects.filter(pk=generation.pk).update(engine=engine.name)
        generation.engine = engine.name
        inputs = _engine_inputs(generation)
        with Heartbeat(generation):
            result = engine.run(
                tool=tool,
                step=generation.step,
                inputs=inputs,
                user_id=str(generation.user_id),
                assets=Assets(generation.user),
            )
        _drop_dead_connection()
        _finish_generation(generation, tool, result)
    except EngineError as exc:
        # A warning: each one is a refund, and an engine down (refused, DNS, TLS, timeout) shows
        # only here. Which tool, step and engine say which setting and endpoint to look at.
        logger.warning(
            "Generation %s (%s%s, engine %s) failed in the engine: %s",
            generation.pk,
            generation.tool,
            f" {generation.step}" if generation.step else "",
            generation.engine or engine_name_for(tool),  # not yet set if the engine was unknown
            exc.message,
        )
        _drop_dead_connection()
        fail_generation(generation=generation, message=exc.message or fallback_error(generation))
    except Exception:
        logger.exception("Generation %s failed unexpectedly", generation.pk)
        _drop_dead_connection()
        fail_generation(generation=generation, message=fallback_error(generation))


def _drop_dead_connection() -> None:
    """The engine may have run for minutes; a database restart or an idle timeout meanwhile leaves
    this thread's connection dead. Dropping it if it is unusable lets the outcome be written on a
    fresh one instead of failing the job (and the worker) on the first query. (Not inside a
    transaction: tests run jobs inline, within their own.)"""
    if not connection.in_atomic_block:
        close_old_connections()


def _engine_inputs(generation: Generation) -> dict:
    """The stored inputs; Meta Ads Full's copy and creative steps also get the scrape result
    they build on (`scrapeData`)."""
    inputs = dict(generation.input_data)
    if generation.step in (COPY, CREATIVE):
        scrape = _successful_scrape(user=generation.user, scrape_id=inputs.get("scrapeId")).first()
        if scrape is None:
            raise EngineError(SCRAPE_FIRST)
        inputs["scrapeData"] = scrape.output_data
    return inputs


def _finish_generation(generation: Generation, tool: Tool, result: EngineResult) -> None:
    output = dict(result.output or {})
    stored: StoredPath | None = None
    if tool.result_for(generation.step) == "image":
        image = result.image or _inline_image(output.get("image"))
        if not image:
            raise EngineError(fallback_error(generation))
        try:
            stored = store_result_image(generation=generation, image=image)
        except InvalidImage:
            raise EngineError(fallback_error(generation)) from None
        # For an image the stored file *is* the result: if it cannot be stored the user has
        # nothing, so this raises (→ failed and refunded) instead of succeeding without a file.
        output["image"] = stored.url
    else:
        stored = store_result_text(generation=generation, output=output)

    settled = Generation.objects.filter(pk=generation.pk, status=Generation.Status.RUNNING).update(
        status=Generation.Status.SUCCESS,
        output_data=output,
        file=stored.path if stored else "",
        bucket_path=stored.bucket_path if stored else "",
        finished_at=timezone.now(),
        error_message="",
    )
    if not settled:
        # The watchdog or the reaper failed (and refunded) it meanwhile; the late result is dropped.
        logger.warning("Generation %s finished after it was failed; result discarded", generation.pk)
        if stored:
            _delete_quietly(stored)


def _inline_image(reference) -> bytes | None:
    """A `data:` URL an engine left in the output (never stored inline: it becomes a file)."""
    if not isinstance(reference, str) or not reference.startswith("data:"):
        return None
    return decode_base64_image(reference)


def _delete_quietly(stored: StoredPath) -> None:
    try:
        default_storage.delete(stored.path)
    except Exception:
        logger.warning("Could not delete %s", stored.path, exc_info=True)


class Heartbeat:
    """While the engine runs, a thread stamps `heartbeat_at` every few seconds (so the reaper
    can tell a live worker from a dead one) and enforces the tool's deadline: past it, the
    generation is failed and refunded at once, and the engine's late answer is discarded."""

    def __init__(self, generation: Generation):
        self.generation = generation
        self.interval = settings.GENERATION_HEARTBEAT_SECONDS
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name=f"heartbeat-{generation.pk}", daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc_info):
        self._stop.set()
        self._thread.join()

    def _beat(self) -> None:
        try:
            while not self._stop.wait(self.interval):
                try:
                    if self._beat_once():
                        return
                except Exception:
                    # A failed beat (database briefly unavailable or locked) is retried on the next
                    # one; the thread must not die, or the deadline would go unwatched.
                    logger.warning("Heartbeat of generation %s failed", self.generation.pk, exc_info=True)
                    close_old_connections()
        finally:
            connection.close()  # this thread's own connection

    def _beat_once(self) -> bool:
        """One beat; True once there is nothing left to watch: the generation was past its
        deadline and has been failed, or it was settled elsewhere (reaper, admin). The deadline
        is read from the row, like the reaper reads it, so both enforce the same one."""
        now = timezone.now()
        running = Generation.objects.filter(pk=self.generation.pk, status=Generation.Status.RUNNING)
        if running.filter(Q(deadline_at__isnull=True) | Q(deadline_at__gt=now)).update(heartbeat_at=now):
            return False
        if running.filter(deadline_at__lte=now).exists():
            fail_generation(generation=self.generation, message=timeout_error(self.generation))
        return True


# --- settle -----------------------------------------------------------------------------------


def fail_generation(*, generation: Generation, message: str) -> bool:
    """Mark the generation failed with a user-facing message and refund its credits — exactly
    once: only the call whose conditional update moves it out of queued/running refunds.
    Returns whether this call failed it."""
    with transaction.atomic():
        failed = Generation.objects.filter(pk=generation.pk, status__in=Generation.IN_FLIGHT).update(
            status=Generation.Status.FAILED, error_message=message, finished_at=timezone.now()
        )
        if not failed:
            return False
        if generation.credits_used:
            try:
                refund_credits(
                    user=generation.user,
                    reference=f"generation:{generation.pk}",
                    reason=f"Refund: generation #{generation.pk} failed",
                )
            except CreditError:
                # Nothing was spent for it (e.g. a row made by hand): failing it still stands.
                logger.error("Generation %s had no spend to refund", generation.pk)
    generation.status = Generation.Status.FAILED
    generation.error_message = message
    return True


def reap_generations(*, now=None) -> list[Generation]:
    """Fail and refund generations whose worker died (heartbeat older than the stale limit) or
    whose deadline passed. Returns the generations this call failed; one that cannot be settled
    is logged and left for the next call."""
    now = now or timezone.now()
    stale_before = now - timedelta(seconds=settings.GENERATION_STALE_SECONDS)
    reaped = []
    candidates = (
        Generation.objects.in_flight()
        .filter(
            Q(deadline_at__lte=now)
            | Q(status=Generation.Status.RUNNING, heartbeat_at__lt=stale_before)
            | Q(status=Generation.Status.RUNNING, heartbeat_at__isnull=True)
        )
        .select_related("user")
        .order_by("pk")
    )
    for generation in candidates:
        # Why, for the log: a queued one past its deadline means too few workers (or none up).
        if generation.deadline_at and generation.deadline_at <= now:
            message = timeout_error(generation)
            if generation.status == Generation.Status.QUEUED:
                why = "no worker picked it up before its queue deadline"
            else:
                why = "it ran past its deadline"
        elif generation.status == Generation.Status.RUNNING and (
            generation.heartbeat_at is None or generation.heartbeat_at < stale_before
        ):
            message = fallback_error(generation)
            why = "its worker stopped beating"
        else:
            continue
        try:
            failed = fail_generation(generation=generation, message=message)
        except Exception:
            # One generation that cannot be settled now (a lock, a constraint, the database going
            # away) must not keep the others from being settled; it stays in flight, so the next
            # pass tries it again.
            logger.exception("Could not reap generation %s; the next pass tries again", generation.pk)
            _drop_dead_connection()
            continue
        if failed:
            logger.warning("Reaped generation %s: %s (%s)", generation.pk, why, message)
            reaped.append(generation)
    return reaped
