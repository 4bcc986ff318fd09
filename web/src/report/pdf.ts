/**
 * The client report as a PDF (pdf-writer.ts): the summary's figures, the fan of net worth drawn as
 * its bands and median, and the report's tables, on A4 pages with the plan's name at the top of
 * each page after the first.
 */
import { A4, PdfWriter, type Colour, type Font } from './pdf-writer.ts';
import type { ReportContent } from './report-content.ts';

const MARGIN = 48;
const INK: Colour = [0.11, 0.12, 0.14];
const MUTED: Colour = [0.32, 0.35, 0.4];

export function reportPdf(content: ReportContent): Uint8Array {
  const pdf = new PdfWriter(content.title);
  let y = A4.height - MARGIN;
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    pdf.addPage();
    y = A4.height - MARGIN;
    write(content.title, 8, 'regular', MUTED);
    y -= 6;
  };
  function write(text: string, size: number, font: Font = 'regular', fill = INK) {
    room(size + 4);
    pdf.text(text, MARGIN, y - size, size, font, fill, A4.width - 2 * MARGIN);
    y -= size + 5;
  }

  write(content.title, 20, 'bold');
  write(content.subtitle, 10, 'regular', MUTED);
  y -= 8;
  write('Summary', 14, 'bold');
  for (const [label, value] of content.figures) {
    room(16);
    pdf.text(label, MARGIN, y - 10, 10, 'regular', MUTED, 290);
    pdf.text(value, MARGIN + 300, y - 10, 11, 'bold', INK, A4.width - 2 * MARGIN - 300);
    y -= 16;
  }

  y -= 10;
  write("Net worth over time, in today's money", 14, 'bold');
  const rows = content.fan;
  const height = 200;
  const width = A4.width - 2 * MARGIN - 40;
  room(height + 40);
  if (rows.length > 1) {
    const top = Math.max(...rows.map((r) => r.p95));
    const bottom = Math.min(0, ...rows.map((r) => r.p5));
    const x0 = MARGIN + 40;
    const y0 = y - height;
    const px = (i: number) => x0 + (i / (rows.length - 1)) * width;
    const py = (v: number) => y0 + ((v - bottom) / (top - bottom || 1)) * height;
    const band = (lo: (r: (typeof rows)[number]) => number, hi: (r: (typeof rows)[number]) => number): [number, number][] => [
      ...rows.map((r, i): [number, number] => [px(i), py(hi(r))]),
      ...rows.map((r, i): [number, number] => [px(i), py(lo(r))]).reverse(),
    ];
    pdf.polygon(
      band(
        (r) => r.p5,
        (r) => r.p95,
      ),
      [0.62, 0.71, 0.9],
    );
    pdf.polygon(
      band(
        (r) => r.p25,
        (r) => r.p75,
      ),
      [0.35, 0.5, 0.82],
    );
    pdf.polyline(
      rows.map((r, i) => [px(i), py(r.p50)]),
      1.5,
      [0.07, 0.23, 0.55],
    );
    pdf.line(x0, py(0), x0 + width, py(0), 0.5, MUTED);
    pdf.text(`${content.ageLabel}: ${rows[0].age} to ${rows[rows.length - 1].age}`, x0, y0 - 14, 9, 'regular', MUTED);
    y = y0 - 22;
    write('Bands: the middle 90% and the middle half of lives. Line: the median life.', 9, 'regular', MUTED);
  }

  for (const table of content.tables) {
    y -= 10;
    room(60);
    write(table.title, 14, 'bold');
    if (table.note) write(table.note, 9, 'regular', MUTED);
    const column = (A4.width - 2 * MARGIN) / table.head.length;
    const line = (cells: string[], font: Font) => {
      room(14);
      cells.forEach((cell, c) => pdf.text(cell, MARGIN + c * column, y - 9, 9, font, INK, column - 6));
      y -= 13;
    };
    line(table.head, 'bold');
    for (const row of table.rows) line(row, 'regular');
  }
  return pdf.bytes();
}
