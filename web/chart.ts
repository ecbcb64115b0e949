// Bar charts of counts per day, drawn by uPlot (bundled from node_modules: no CDN). The legend
// under each chart shows the day and count under the cursor; the same numbers are in a table.
import uPlot from 'uplot';

export interface DaySeries {
  readonly days: readonly string[];
  readonly values: readonly number[];
  readonly label: string;
  readonly color: string;
}

/** Local midnight of `YYYY-MM-DD`, in seconds (uPlot's time unit). */
function dayStart(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).getTime() / 1000;
}

export function barChart(container: HTMLElement, series: DaySeries): uPlot {
  const width = Math.max(280, container.clientWidth || 640);
  const byTime = new Map(series.days.map((day) => [dayStart(day), day]));
  const bars = uPlot.paths.bars;
  if (!bars) throw new Error('this uPlot build has no bar paths');
  const options: uPlot.Options = {
    width,
    height: 180,
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
    series: [
      { label: 'Day', value: (_u, value) => (value === null ? '—' : (byTime.get(value) ?? '')) },
      {
        label: series.label,
        stroke: series.color,
        fill: `${series.color}cc`,
        width: 0,
        paths: bars({ size: [0.7, 48] }),
        points: { show: false },
        value: (_u, value) => (value === null ? '—' : String(value)),
      },
    ],
    axes: [
      {
        values: (_u, ticks) => ticks.map((tick) => (byTime.get(tick) ?? '').slice(5)),
        stroke: 'currentColor',
        grid: { show: false },
      },
      {
        stroke: 'currentColor',
        size: 44,
        values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')),
      },
    ],
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    legend: { live: true },
  };
  const chart = new uPlot(options, [series.days.map(dayStart), [...series.values]], container);
  const resize = new ResizeObserver(() => {
    const next = Math.max(280, container.clientWidth);
    if (next !== chart.width) chart.setSize({ width: next, height: 180 });
  });
  resize.observe(container);
  return chart;
}
