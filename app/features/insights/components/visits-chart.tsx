// The period's visitors and page views per day as an SVG drawn on the server (readable without
// JavaScript), named and described for screen readers, with the same figures as a table.
import type { DayFigures } from "../insights.server";

const width = 720;
const height = 240;
const pad = { top: 16, right: 12, bottom: 28, left: 40 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

export function VisitsChart({ days }: { days: DayFigures[] }) {
  const top = niceMax(Math.max(0, ...days.map((day) => day.views)));
  const innerWidth = width - pad.left - pad.right;
  const innerHeight = height - pad.top - pad.bottom;
  const slot = innerWidth / Math.max(1, days.length);
  const y = (value: number) => pad.top + innerHeight - (value / top) * innerHeight;
  const x = (index: number) => pad.left + slot * index + slot / 2;
  const line = days.map((day, index) => `${x(index).toFixed(1)},${y(day.visitors).toFixed(1)}`);
  const labelEvery = Math.max(1, Math.ceil(days.length / 7));
  const totalViews = days.reduce((sum, day) => sum + day.views, 0);
  const busiest = days.reduce<DayFigures | undefined>(
    (best, day) => (!best || day.views > best.views ? day : best),
    undefined,
  );
  const summary =
    totalViews === 0
      ? "No page views in this period."
      : `${totalViews} page views over ${days.length} days; the busiest day was ${formatDay(busiest?.day ?? "")} with ${busiest?.views} views.`;
  return (
    <figure className="grid gap-3">
      {/* Scrolls on a phone rather than shrinking its labels past reading; focusable, so a
          keyboard can scroll it too. Reversed, it opens scrolled to its end: the latest days. */}
      <section
        className="flex flex-row-reverse overflow-x-auto"
        aria-label="Chart, scrolls sideways on a narrow screen"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to be scrolled by keyboard.
        tabIndex={0}
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full min-w-[560px] shrink-0"
          role="img"
          aria-labelledby="visits-chart-title"
          aria-describedby="visits-chart-desc"
        >
          <title id="visits-chart-title">Page views (bars) and visitors (line) per day</title>
          <desc id="visits-chart-desc">{summary} The table below gives every day's figures.</desc>
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={y(top * share)}
                y2={y(top * share)}
                className="stroke-border"
                strokeWidth={1}
              />
              <text
                x={pad.left - 6}
                y={y(top * share) + 4}
                textAnchor="end"
                className="fill-muted-foreground text-[11px]"
              >
                {top * share}
              </text>
            </g>
          ))}
          {days.map((day, index) => (
            <rect
              key={day.day}
              x={x(index) - slot * 0.35}
              width={slot * 0.7}
              y={y(day.views)}
              height={Math.max(0, y(0) - y(day.views))}
              rx={Math.min(3, slot * 0.15)}
              className="fill-primary/70"
            />
          ))}
          <polyline
            points={line.join(" ")}
            fill="none"
            className="stroke-accent"
            strokeWidth={2.5}
            strokeLinejoin="round"
          />
          {days.map((day, index) =>
            index % labelEvery === 0 ? (
              <text
                key={day.day}
                x={x(index)}
                y={height - 8}
                textAnchor="middle"
                className="fill-muted-foreground text-[11px]"
              >
                {formatDay(day.day)}
              </text>
            ) : null,
          )}
        </svg>
      </section>
      <figcaption className="flex flex-wrap gap-4 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary/70" />
          Page views
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-accent" />
          Visitors
        </span>
      </figcaption>
      <details className="rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">The chart's figures as a table</summary>
        <div className="mt-3 max-h-80 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Visitors and page views per day</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1.5 pr-4 text-right font-medium">
                  Visitors
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Page views
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-b last:border-0">
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    <time dateTime={day.day}>{formatDay(day.day)}</time>
                  </th>
                  <td className="py-1.5 pr-4 text-right tabular-nums">{day.visitors}</td>
                  <td className="py-1.5 text-right tabular-nums">{day.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
