"""The dashboard's numbers (spec 000 §2 Dashboard), read with a fixed number of queries
however long the user's history is: each figure is one aggregate or one bounded read.

Every visit reads a `DashboardStamp` (one query); the content below the welcome line is rendered
again only when the stamp, the plan, the name or the clock's minute changed (config/render_cache.py).
"""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db import connection
from django.db.models import Case, F, OuterRef, Subquery, Sum, When
from django.db.models.functions import TruncDate
from django.template.loader import render_to_string
from django.utils import timezone

from config.render_cache import RenderCache
from credits.models import CreditBalance, LedgerEntry
from history.models import Generation
from services.registry import TOOLS

RECENT_ACTIVITY_LIMIT = 10
CHART_DAYS = 30
# Usage is spends net of refunds: a failed generation gives its credits back, so it used none.
_USAGE_KINDS = (LedgerEntry.Kind.SPEND, LedgerEntry.Kind.REFUND)


@dataclass(frozen=True)
class UsageDay:
    day: date
    credits: int


@dataclass(frozen=True)
class UsageChart:
    days: list[UsageDay]

    @property
    def peak(self) -> int:
        return max((d.credits for d in self.days), default=0)

    @property
    def total(self) -> int:
        return sum(d.credits for d in self.days)

    def bars(self, *, width: int = 300, height: int = 100, gap: int = 2) -> list[dict]:
        """SVG geometry for one bar per day (attributes, not styles: the CSP forbids inline
        styles). Days with no usage get no height."""
        slot = width / len(self.days)
        peak = self.peak or 1
        bars = []
        for index, usage in enumerate(self.days):
            bar_height = round(height * usage.credits / peak, 2)
            bars.append(
                {
                    "day": usage.day,
                    "credits": usage.credits,
                    "x": round(index * slot + gap / 2, 2),
                    "y": round(height - bar_height, 2),
                    "width": round(slot - gap, 2),
                    "height": bar_height,
                }
            )
        return bars


@dataclass(frozen=True)
class CreditUsage:
    total: int  # credits spent on generations, net of refunds, since the account was opened
    chart: UsageChart


def credit_usage(user, *, days: int = CHART_DAYS, today: date | None = None) -> CreditUsage:
    """Credits used since the account was opened, and per day over the last `days` days, today
    included, in the current time zone (the reader's: config.time_zones). A refund counts on the
    day of the spend it gives back: a generation that failed used nothing on the day it ran,
    however late its refund came (past midnight, or after the chart's first day).

    One grouped query: each day of the chart is a group and everything older is one more (day
    NULL), so the all-time figure is the sum of the groups."""
    today = today or timezone.localdate()
    first = today - timedelta(days=days - 1)
    chart_start = timezone.make_aware(datetime.combine(first, time.min))
    # A reference is spent at most once (ledger_one_spend_per_reference): this is an index read.
    spent_at = LedgerEntry.objects.filter(
        kind=LedgerEntry.Kind.SPEND, reference=OuterRef("reference")
    ).values("created_at")[:1]
    rows = list(
        LedgerEntry.objects.for_user(user)
        .filter(kind__in=_USAGE_KINDS)
        .annotate(
            spent_at=Case(
                When(kind=LedgerEntry.Kind.REFUND, then=Subquery(spent_at)), default=F("created_at")
            )
        )
        .annotate(
            day=Case(
                When(
                    spent_at__gte=chart_start,
                    then=TruncDate("spent_at", tzinfo=timezone.get_current_timezone()),
                )
            )
        )
        .values("day")
        .annotate(net=Sum("amount"))
        .values_list("day", "net")
    )
    used = {day: max(0, -net) for day, net in rows if day is not None}
    chart = UsageChart(
        [UsageDay(first + timedelta(n), used.get(first + timedelta(n), 0)) for n in range(days)]
    )
    return CreditUsage(total=max(0, -sum(net for _day, net in rows)), chart=chart)


@dataclass(frozen=True)
class Activity:
    generation: Generation
    title: str
    icon: str


def recent_activity(user, *, limit: int = RECENT_ACTIVITY_LIMIT) -> list[Activity]:
    """The newest generations, any status, with the tool's card title. Only the columns the
    list shows are read (inputs and outputs can be large)."""
    generations = (
        Generation.objects.for_user(user)
        .newest_first()
        .only("id", "tool", "service_type", "step", "status", "credits_used", "created_at")[:limit]
    )
    activities = []
    for generation in generations:
        tool = TOOLS.get(generation.tool)
        title = tool.card_title if tool else generation.get_service_type_display()
        activities.append(Activity(generation, title, generation.tool if tool else "sparkles"))
    return activities


def dashboard_tools() -> list:
    """The five tools the dashboard's services grid shows (Meta Ads Full is left out)."""
    return [tool for tool in TOOLS.values() if tool.on_dashboard]


@dataclass(frozen=True)
class DashboardStamp:
    """What the dashboard's figures are computed from, in one cheap read: the balance, and the
    user's generations counted per status with the newest id. Any change the page shows changes it:
    - a new generation: a higher newest id;
    - a status moving forward (queued → running → success | failed): the count a status leaves
      can only grow back through a new generation;
    - a deleted generation: a count drops;
    - the ledger: grants and adjustments change the balance; spends and refunds (the usage
      figures) are only ever made with a new generation or a failed one."""

    balance: int
    newest_generation: int | None
    queued: int
    running: int
    succeeded: int
    failed: int


def _stamp_sql() -> str:
    quote = connection.ops.quote_name
    generations, balances = quote(Generation._meta.db_table), quote(CreditBalance._meta.db_table)
    # One row per status the user has (or one row of NULLs), each with the balance. The counts
    # come from the (user, status, id) index alone. Only table names are formatted in.
    return (
        "SELECT b.balance, g.status, g.n, g.newest "  # noqa: S608
        f"FROM (SELECT (SELECT balance FROM {balances} WHERE user_id = %s) AS balance) AS b "
        f"LEFT JOIN (SELECT status, COUNT(*) AS n, MAX(id) AS newest FROM {generations} "
        "WHERE user_id = %s GROUP BY status) AS g ON 1 = 1"
    )


def read_stamp(user) -> DashboardStamp:
    """In SQL rather than the ORM: as ORM queries these aggregates cost about 2 ms of Python to
    build, several times what the database spends answering them, on every dashboard visit."""
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(), [user.pk, user.pk])
        rows = cursor.fetchall()
    counts = {status: n for _balance, status, n, _newest in rows if status is not None}
    return DashboardStamp(
        balance=rows[0][0] or 0,
        newest_generation=max((newest for *_, newest in rows if newest is not None), default=None),
        queued=counts.get(Generation.Status.QUEUED.value, 0),
        running=counts.get(Generation.Status.RUNNING.value, 0),
        succeeded=counts.get(Generation.Status.SUCCESS.value, 0),
        failed=counts.get(Generation.Status.FAILED.value, 0),
    )


# Rendered dashboard content per stamp. Correct without invalidation: a key holds everything
# the content is rendered from, and a change to any of it is a new key.
_content_cache = RenderCache(max_entries=512)


def dashboard_content(user, plan, stamp: DashboardStamp, *, now: datetime | None = None) -> dict:
    """The dashboard below the shell: its HTML (`html`), the key it is kept under (`key`: what it
    was rendered from) and, when it was rendered for this call, the context it was rendered from.
    Keyed by the minute too: Recent Activity says "3 minutes ago"."""
    now = now or timezone.now()
    # The standing (billing.models.PlanStanding) is the Plan Status card: renewing, ending, payment failed.
    plan_key = (plan.pk, plan.name, plan.credits, plan.tier, plan.standing) if plan else None
    # The reader's time zone too: the chart's days and the plan's end date are written in it.
    key = (
        user.pk,
        user.first_name,
        plan_key,
        stamp,
        now.replace(second=0, microsecond=0),
        timezone.get_current_timezone_name(),
    )
    rendered = {}

    def render() -> str:
        usage = credit_usage(user, today=timezone.localdate(now))
        rendered.update(
            {
                "user": user,
                "current_plan": plan,
                "balance": stamp.balance,
                "credits_used": usage.total,
                "generations_count": stamp.succeeded,
                "tools": [
                    {
                        "tool": tool,
                        "affordable": stamp.balance >= tool.cost,
                        "progress": min(stamp.balance, tool.cost),
                    }
                    for tool in dashboard_tools()
                ],
                "chart": usage.chart,
                "activities": recent_activity(user),
            }
        )
        return render_to_string("dashboard_content.html", rendered)

    return {"html": _content_cache.get_or_render(key, render), "key": key, **rendered}
