/** Fractions typed and shown as percentages without floating-point dust (0.07 → 7, not 7.000000000000001). */
export const asPercent = (x: number) => Number((x * 100).toPrecision(12));
export const fromPercent = (x: number) => Number((x / 100).toPrecision(12));
