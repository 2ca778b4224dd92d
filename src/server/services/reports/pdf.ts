/**
 * A small, dependency-free PDF writer for the report demo: text lines on A4
 * pages in the predefined Adobe-GB1 font STSong-Light (UniGB-UCS2-H), which
 * PDF viewers (pdf.js, PDFium, Acrobat) supply without embedding, so Chinese
 * text renders without shipping a font.
 */

export interface PdfLine {
  text: string;
  size?: number;
  /** extra gap before the line, in points */
  gap?: number;
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 50;

function utf16Hex(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    // The UCS2 CMap covers the BMP only; anything beyond becomes '?'.
    const c = cp > 0xffff ? 0x3f : cp;
    out += c.toString(16).padStart(4, '0').toUpperCase();
  }
  return out;
}

/** Wraps a line to at most `max` display columns (CJK counts 2). */
function wrap(text: string, size: number): string[] {
  const maxCols = Math.floor(((PAGE_W - 2 * MARGIN) / size) * 2);
  const out: string[] = [];
  let cur = '';
  let cols = 0;
  for (const ch of text) {
    const w = ch.charCodeAt(0) > 0xff ? 2 : 1;
    if (cols + w > maxCols) {
      out.push(cur);
      cur = '';
      cols = 0;
    }
    cur += ch;
    cols += w;
  }
  out.push(cur);
  return out;
}

export function renderPdf(title: string, lines: PdfLine[]): Buffer {
  // Lay out into pages.
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  const flush = () => {
    pages.push(ops.join('\n'));
    ops = [];
    y = PAGE_H - MARGIN;
  };
  for (const line of lines) {
    const size = line.size ?? 11;
    for (const part of wrap(line.text.replace(/[\r\n\t]+/g, ' '), size)) {
      const step = size * 1.5 + (line.gap ?? 0);
      if (y - step < MARGIN) flush();
      y -= step;
      ops.push(`BT /F1 ${size} Tf ${MARGIN} ${y.toFixed(1)} Td <${utf16Hex(part)}> Tj ET`);
    }
  }
  if (ops.length || pages.length === 0) flush();

  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 font, 4 cid font, 5 descriptor, 6 info, then page/content pairs.
  const pageIds = pages.map((_, i) => 7 + i * 2);
  objects[1] = `<< /Type /Catalog /Pages 2 0 R >>`;
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>`;
  objects[4] = `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>`;
  objects[5] = `<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>`;
  objects[6] = `<< /Title <FEFF${utf16Hex(title)}> /Producer (checkup-flow) >>`;
  pages.forEach((content, i) => {
    const pid = pageIds[i];
    objects[pid] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pid + 1} 0 R >>`;
    objects[pid + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(pdf, 'latin1');
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
