/**
 * A small PDF 1.4 writer for the client report: A4 pages of text in the two standard Helvetica
 * fonts (every PDF reader has them, so nothing is embedded), lines and filled shapes. Content
 * streams are left uncompressed: a report of a few pages is a few tens of KB.
 *
 * Why not a library: pdf-lib, the well-kept choice, adds about 175 KB of compressed JavaScript
 * (its font metrics and deflate), which with the app's 140 KB passes the app's 300 KB budget;
 * the report needs none of what it adds (embedded fonts, forms, editing existing files).
 */

export const A4 = { width: 595.28, height: 841.89 };

export type Font = 'regular' | 'bold';
export type Colour = [number, number, number];

/** Helvetica's average character width, as a share of the size, to keep a cell within its column. */
const AVERAGE_WIDTH = 0.52;

/** Text in the fonts' WinAnsi encoding, escaped for a PDF string. */
function pdfString(text: string): string {
  const plain = text
    .replace(/\u2212/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\u2026/g, '...')
    .replace(/\u203A/g, '>')
    .replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '');
  return `(${plain.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

const n = (x: number) => Number(x.toFixed(2)).toString();
const colour = (c: Colour) => c.map(n).join(' ');

export class PdfWriter {
  private readonly pages: string[][] = [];
  private current: string[] = [];

  constructor(readonly title: string) {
    this.addPage();
  }

  addPage(): void {
    this.current = [];
    this.pages.push(this.current);
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Text with its baseline at (x, y) from the page's bottom left, cut to `maxWidth` points if given. */
  text(text: string, x: number, y: number, size: number, font: Font = 'regular', fill: Colour = [0.1, 0.12, 0.14], maxWidth?: number) {
    const fits = maxWidth ? Math.floor(maxWidth / (size * AVERAGE_WIDTH)) : Infinity;
    const shown = text.length > fits ? `${text.slice(0, Math.max(1, fits - 1))}…` : text;
    this.current.push(`BT /${font === 'bold' ? 'F2' : 'F1'} ${n(size)} Tf ${colour(fill)} rg ${n(x)} ${n(y)} Td ${pdfString(shown)} Tj ET`);
  }

  line(x1: number, y1: number, x2: number, y2: number, width: number, stroke: Colour) {
    this.current.push(`${colour(stroke)} RG ${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }

  /** A polyline through the points, stroked. */
  polyline(points: [number, number][], width: number, stroke: Colour) {
    const path = points.map(([x, y], i) => `${n(x)} ${n(y)} ${i === 0 ? 'm' : 'l'}`).join(' ');
    this.current.push(`${colour(stroke)} RG ${n(width)} w ${path} S`);
  }

  /** A closed shape through the points, filled. */
  polygon(points: [number, number][], fill: Colour) {
    const path = points.map(([x, y], i) => `${n(x)} ${n(y)} ${i === 0 ? 'm' : 'l'}`).join(' ');
    this.current.push(`${colour(fill)} rg ${path} h f`);
  }

  /** The document's bytes. */
  bytes(): Uint8Array {
    const objects: string[] = [];
    // An object's number is its place in the list, from 1.
    const add = (body: string) => objects.push(body);
    const catalog = add('');
    const pagesId = add('');
    const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const pageIds = this.pages.map((ops) => {
      const stream = ops.join('\n');
      const content = add(`<< /Length ${latin1Length(stream)} >>\nstream\n${stream}\nendstream`);
      return add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${n(A4.width)} ${n(A4.height)}] ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      );
    });
    objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
    objects[pagesId - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
    const info = add(`<< /Title ${pdfString(this.title)} /Producer (Household scenarios) >>`);

    let out = '%PDF-1.4\n%\u00E2\u00E3\u00CF\u00D3\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(latin1Length(out));
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = latin1Length(out);
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Uint8Array.from(out, (c) => c.charCodeAt(0) & 0xff);
  }
}

/** Bytes of a string written one byte per character (every character here is below 256). */
const latin1Length = (s: string) => s.length;
