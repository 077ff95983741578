"""The dashboard's numbers (spec 000 §2 Dashboard), read with a fixed number of queries
however long the user's history is: each figure is one aggregate or one bounded read."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Case, Sum, When
from django.db.models.functions import TruncDate
from django.utils import timezone

from credits.models import LedgerEntry
from history.models import Generation
from services.registry import TOOLS

RECENT_ACTIVITY_LIMIT = 10
CHART_DAYS = 30
# Usage is spends net of refunds: a failed generation gives its credits back, so it used none.
_USAGE_KINDS = (LedgerEntry.Kind.SPEND, LedgerEntry.Kind.REFUND)


def successful_generations(user) -> int:
    return Generation.objects.for_user(user).filter(status=Generation.Status.SUCCESS).count()


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
    """Credits used since the account was opened, and per day (UTC) over the last `days` days,
    today included. One grouped query: each day of the chart is a group and everything older
    is one more (day NULL), so the all-time figure is the sum of the groups."""
    today = today or timezone.now().date()
    first = today - timedelta(days=days - 1)
    chart_start = timezone.make_aware(datetime.combine(first, time.min))
    rows = list(
        LedgerEntry.objects.for_user(user)
        .filter(kind__in=_USAGE_KINDS)
        .annotate(day=Case(When(created_at__gte=chart_start, then=TruncDate("created_at"))))
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
