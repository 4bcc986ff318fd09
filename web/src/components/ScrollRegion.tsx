/**
 * A wide table's frame: scrolls sideways on a narrow screen, and can then be reached and scrolled
 * by keyboard (focusable, and named for screen readers), as WCAG's keyboard rule asks.
 */
import type { ComponentChildren } from 'preact';

export function ScrollRegion({ label = 'Table', children }: { label?: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to be scrolled by keyboard
    // biome-ignore lint/a11y/useSemanticElements: a section would add a landmark per table; this is the frame of one
    <div class="table-scroll" tabIndex={0} role="region" aria-label={`${label} (scrolls sideways on a narrow screen)`}>
      {children}
    </div>
  );
}
