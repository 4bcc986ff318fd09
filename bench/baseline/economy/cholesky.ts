/** Tolerance below which a pivot of a correlation matrix counts as zero (semi-definite). */
const PIVOT_TOLERANCE = 1e-10;

export type CholeskyResult = { ok: true; lower: number[][] } | { ok: false; row: number; column: number; message: string };

/**
 * Cholesky factor L (L L^T = A) of a symmetric positive semi-definite matrix. A zero pivot
 * (within tolerance) is allowed when the rest of its column is zero too, as it must be for a
 * semi-definite matrix: the column of L is then zero, which is a valid factor. Anything else
 * (a negative pivot, a zero pivot with a non-zero remainder) means the matrix is not PSD.
 */
export function choleskyPsd(a: number[][]): CholeskyResult {
  const n = a.length;
  const lower = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let k = 0; k < n; k++) {
    let d = a[k][k];
    for (let j = 0; j < k; j++) d -= lower[k][j] * lower[k][j];
    if (d < -PIVOT_TOLERANCE) {
      return { ok: false, row: k, column: k, message: 'matrix is not positive semi-definite' };
    }
    const zeroPivot = d <= PIVOT_TOLERANCE;
    const lkk = zeroPivot ? 0 : Math.sqrt(d);
    lower[k][k] = lkk;
    for (let i = k + 1; i < n; i++) {
      let s = a[i][k];
      for (let j = 0; j < k; j++) s -= lower[i][j] * lower[k][j];
      if (zeroPivot) {
        if (Math.abs(s) > Math.sqrt(PIVOT_TOLERANCE)) {
          return { ok: false, row: i, column: k, message: 'matrix is not positive semi-definite' };
        }
        lower[i][k] = 0;
      } else {
        lower[i][k] = s / lkk;
      }
    }
  }
  return { ok: true, lower };
}
