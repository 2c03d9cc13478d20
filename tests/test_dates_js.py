"""The page's and the endpoint's UTC date arithmetic against Python's calendar, every day of 21 years.

The page (site/js/leaderboard.js, calendar.js, stats.js) and the endpoint (netlify/lib/dates.mjs)
each compute ISO weeks, the day before, month grids and streaks by hand, and the suite runs on
whatever day CI picks: a rule that slips on 1 January, a year with 53 ISO weeks, a month that
starts on a Sunday or a leap day would pass the fixed examples of tests/js and fail on the day it
meets one. So Python's ``date.isocalendar`` and ``calendar`` write down the truth for every day
from 2019-12-01 to 2041-01-31, and Node checks the JavaScript against it, in time zones from
UTC-11 to UTC+14 (with daylight saving and a half-hour shift): the page's dates are UTC dates
wherever its reader lives. Without Node the test skips, except under ``CI=true``.
"""

from __future__ import annotations

import calendar
import datetime as dt
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRST, LAST = dt.date(2019, 12, 1), dt.date(2041, 1, 31)
ZONES = ["UTC", "Pacific/Pago_Pago", "America/New_York", "Europe/Istanbul", "Asia/Seoul", "Australia/Lord_Howe", "Pacific/Kiritimati"]

CHECK = r"""
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
const root = process.argv[1];
const load = (path) => import(pathToFileURL(`${root}/${path}`).href);
const [dates, board, cal, stats] = await Promise.all(
  ["netlify/lib/dates.mjs", "site/js/leaderboard.js", "site/js/calendar.js", "site/js/stats.js"].map(load));
let input = "";
for await (const chunk of process.stdin) input += chunk;
const truth = JSON.parse(input);
for (const [day, week, before] of truth.days) {
  assert.equal(dates.isoWeekOf(dates.dayNumber(day)), week, `endpoint week of ${day}`);
  assert.equal(board.isoWeek(day), week, `page week of ${day}`);
  assert.equal(dates.isoDate(dates.dayNumber(day)), day);
  assert.equal(board.addDays(day, -1), before, `page: the day before ${day}`);
  assert.equal(cal.dayBefore(day), before, `calendar: the day before ${day}`);
  assert.ok(cal.isDate(day), day);
  assert.deepEqual(stats.streaks([before, day], day), { current: 2, longest: 2 }, `streak through ${day}`);
  assert.deepEqual(stats.streaks([before], day), { current: 1, longest: 1 }, `yesterday keeps the streak on ${day}`);
}
for (const [week, days] of Object.entries(truth.weeks)) assert.deepEqual(dates.weekDates(week), days, week);
for (const week of truth.noWeeks) assert.equal(dates.weekDates(week), null, week);
for (const day of truth.noDays) assert.equal(cal.isDate(day), false, day);
for (const [month, firstDay, weeks] of truth.months) assert.deepEqual(cal.monthWeeks(month, firstDay), weeks, `${month} from ${firstDay}`);
console.log(`${truth.days.length} days`);
"""


def truth() -> dict[str, Any]:
    """What Python's calendar says of every day, ISO week and month grid in [FIRST, LAST]."""
    days, weeks = [], {}
    day = FIRST
    while day <= LAST:
        year, week, _ = day.isocalendar()
        name = f"{year}-W{week:02d}"
        days.append([day.isoformat(), name, (day - dt.timedelta(days=1)).isoformat()])
        weeks.setdefault(name, []).append(day.isoformat())
        day += dt.timedelta(days=1)
    months = []
    for year in range(FIRST.year + 1, LAST.year):
        for month in range(1, 13):
            for first_day in (1, 7):  # calendar.js: 1 = Monday … 7 = Sunday
                grid = calendar.Calendar(firstweekday=first_day - 1).monthdatescalendar(year, month)  # 0 = Monday
                months.append([f"{year}-{month:02d}", first_day,
                               [[d.isoformat() if d.month == month else None for d in row] for row in grid]])
    years = range(FIRST.year + 1, LAST.year)
    return {
        "days": days,
        "weeks": {name: dates for name, dates in weeks.items() if len(dates) == 7},
        "noWeeks": [f"{y}-W53" for y in years if dt.date(y, 12, 28).isocalendar()[1] != 53] + [f"{y}-W00" for y in years],
        "noDays": [f"{y}-02-29" for y in years if not calendar.isleap(y)] + [f"{y}-04-31" for y in years],
        "months": months,
    }


@pytest.mark.parametrize("zone", ZONES)
def test_utc_dates_match_python_every_day(zone: str) -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed for the page's date helpers")
        pytest.skip("node is not installed")
    run = subprocess.run([node, "--input-type=module", "-e", CHECK, str(ROOT)], input=json.dumps(truth()), cwd=ROOT,
                         env={**os.environ, "TZ": zone}, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    assert run.stdout.strip() == f"{(LAST - FIRST).days + 1} days"
