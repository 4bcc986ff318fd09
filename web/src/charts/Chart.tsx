/**
 * Puts an Observable Plot figure on the page and redraws it when its inputs change. The figure is
 * SVG, so screen readers get the figure's label and each mark's, and the page can be printed.
 * Beside it: its legend, and its figures as a table for those who cannot see or point at it.
 */
import { ScrollRegion } from '../components/ScrollRegion.tsx';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export interface ChartProps {
  /** Builds the figure for the container's width. */
  draw: (width: number) => SVGSVGElement | HTMLElement;
  /** What the chart shows, for screen readers and as its caption. */
  label: string;
  /** Marks the figure for tests and styles, e.g. `fan-net-worth`. */
  name: string;
  deps: unknown[];
  legend?: { colour: string; label: string; line?: boolean }[];
  /** The chart's figures as an HTML table. */
  table?: ComponentChildren;
}

export function Chart({ draw, label, name, deps, legend, table }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const render = () => {
      const figure = draw(Math.max(280, Math.min(container.clientWidth || 640, 960)));
      // The container is the image, labelled; its marks are drawing, not content (the table holds the figures).
      figure.setAttribute('aria-hidden', 'true');
      container.replaceChildren(figure);
    };
    render();
    // Redraw on a real change of width only (a phone turned, a window resized), not on every pixel.
    let lastWidth = container.clientWidth;
    const resized = new ResizeObserver(() => {
      if (Math.abs(container.clientWidth - lastWidth) < 24) return;
      lastWidth = container.clientWidth;
      render();
    });
    resized.observe(container);
    return () => resized.disconnect();
  }, deps);
  return (
    <figure class="chart" data-chart={name}>
      <figcaption>{label}</figcaption>
      <div ref={ref} role="img" aria-label={label} />
      {legend && (
        <ul class="legend" aria-label="Legend">
          {legend.map((l) => (
            <li>
              <span class={l.line ? 'swatch line' : 'swatch'} style={{ background: l.colour }} aria-hidden="true" />
              {l.label}
            </li>
          ))}
        </ul>
      )}
      {table && (
        <details class="chart-table">
          <summary>The figures as a table</summary>
          <ScrollRegion>{table}</ScrollRegion>
        </details>
      )}
    </figure>
  );
}
