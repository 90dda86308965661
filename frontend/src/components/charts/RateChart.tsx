import { useId } from "react";
import { formatDate, formatMonthYear } from "../ui/dates";
import "./RateChart.css";

/** One line of the chart: `[YYYY-MM-DD, percent]` points, oldest first. */
export interface RateSeries {
  label: string;
  points: readonly (readonly [string, number])[];
}

const WIDTH = 480;
const HEIGHT = 250;
const PAD = { left: 52, right: 14, top: 12, bottom: 30 };
// Colours with contrast on white, told apart by dash pattern too.
const STYLES = [
  { stroke: "#0b57a4", dash: "" },
  { stroke: "#b3261e", dash: "6 3" },
  { stroke: "#1b6e20", dash: "2 3" },
  { stroke: "#6a1b9a", dash: "10 3 2 3" },
  { stroke: "#8a4b00", dash: "4 2" },
  { stroke: "#005f62", dash: "1 2" },
];

const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
// Two decimals, as every rate on the site reads ("3.20%", not "3.2%").
const pct = (n: number) => `${n.toFixed(2)}%`;

/** A round step for the rate axis: 0.25, 0.5, 1 or 2 points. */
function step(max: number): number {
  return [0.25, 0.5, 1, 2, 5].find((s) => max / s <= 6) ?? 10;
}

/**
 * A line chart of rates over time, drawn as SVG with no library: a stated size so nothing
 * moves, lines told apart by colour and dash, a legend, the source, and the figures that
 * matter (first, lowest, highest, latest) as a table for anyone who cannot see the lines.
 */
export function RateChart({
  title,
  series,
  source,
  stepped = false,
  everyPoint = false,
  note,
}: {
  title: string;
  series: readonly RateSeries[];
  source: string;
  stepped?: boolean;
  /** Also list every point, by date (a product's own recorded rates are few). */
  everyPoint?: boolean;
  /** A sentence under the chart (what it cannot show). */
  note?: string;
}) {
  const id = useId();
  const shown = series.filter((s) => s.points.length > 0);
  if (shown.length === 0) return null;
  const days = shown.flatMap((s) => s.points.map(([d]) => time(d)));
  const [start, end] = [Math.min(...days), Math.max(...days)];
  const top = Math.max(...shown.flatMap((s) => s.points.map(([, v]) => v)));
  const unit = step(top);
  const yMax = Math.max(unit, Math.ceil(top / unit) * unit);
  const x = (day: string) => PAD.left + ((time(day) - start) / Math.max(1, end - start)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - (v / yMax) * (HEIGHT - PAD.top - PAD.bottom);
  const yTicks = Array.from({ length: Math.round(yMax / unit) + 1 }, (_, i) => i * unit);
  const firstYear = new Date(start).getUTCFullYear();
  const years = Array.from({ length: new Date(end).getUTCFullYear() - firstYear + 1 }, (_, i) => `${firstYear + i}-01-01`).filter((d) => time(d) >= start && time(d) <= end);
  const xTicks = years.length >= 2 ? years : [shown[0]!.points[0]![0], shown[0]!.points[shown[0]!.points.length - 1]![0]];
  const path = (points: RateSeries["points"]) =>
    points
      .map(([d, v], i) => {
        const prev = points[i - 1];
        const move = i === 0 ? `M${x(d).toFixed(1)},${y(v).toFixed(1)}` : `L${x(d).toFixed(1)},${y(v).toFixed(1)}`;
        return stepped && prev ? `L${x(d).toFixed(1)},${y(prev[1]).toFixed(1)} ${move}` : move;
      })
      .join(" ");
  return (
    <figure className="rate-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="rate-chart__title">
        {title}
      </figcaption>
      <svg className="rate-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={`${title}: ${shown.map((s) => `${s.label} from ${pct(s.points[0]![1])} to ${pct(s.points[s.points.length - 1]![1])}`).join("; ")}`}>
        {yTicks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} className="rate-chart__grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="rate-chart__tick">
              {pct(v)}
            </text>
          </g>
        ))}
        {xTicks.map((d, i) => (
          <text key={d} x={x(d)} y={HEIGHT - 8} textAnchor={years.length >= 2 ? "middle" : i === 0 ? "start" : "end"} className="rate-chart__tick">
            {years.length >= 2 ? d.slice(0, 4) : formatMonthYear(d)}
          </text>
        ))}
        {shown.map((s, i) => {
          const style = STYLES[i % STYLES.length]!;
          return <path key={s.label} d={path(s.points)} fill="none" stroke={style.stroke} strokeWidth={2.5} strokeDasharray={style.dash || undefined} />;
        })}
      </svg>
      {shown.length > 1 && (
        <ul className="rate-chart__legend">
          {shown.map((s, i) => {
            const style = STYLES[i % STYLES.length]!;
            return (
              <li key={s.label}>
                <svg width="28" height="10" aria-hidden="true">
                  <line x1="0" x2="28" y1="5" y2="5" stroke={style.stroke} strokeWidth={3} strokeDasharray={style.dash || undefined} />
                </svg>
                {s.label}
              </li>
            );
          })}
        </ul>
      )}
      <details className="rate-chart__figures">
        <summary>The figures</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">First</th>
              <th scope="col">Lowest</th>
              <th scope="col">Highest</th>
              <th scope="col">Latest</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => {
              const values = s.points.map(([, v]) => v);
              const first = s.points[0]!;
              const last = s.points[s.points.length - 1]!;
              return (
                <tr key={s.label}>
                  <th scope="row">{s.label}</th>
                  <td>
                    {pct(first[1])} ({formatMonthYear(first[0])})
                  </td>
                  <td>{pct(Math.min(...values))}</td>
                  <td>{pct(Math.max(...values))}</td>
                  <td>
                    {pct(last[1])} ({formatMonthYear(last[0])})
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {everyPoint && (
          <table>
            <caption>Every recorded rate</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {shown.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...new Set(shown.flatMap((s) => s.points.map(([d]) => d)))].sort().map((day) => (
                <tr key={day}>
                  <th scope="row">{formatDate(`${day}T00:00:00Z`)}</th>
                  {shown.map((s) => {
                    const point = s.points.find(([d]) => d === day);
                    return <td key={s.label}>{point ? pct(point[1]) : "—"}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
      {note && <p className="rate-chart__source">{note}</p>}
      <p className="rate-chart__source">Source: {source}</p>
    </figure>
  );
}
