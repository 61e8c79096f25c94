// stand-in until the renderer lands: a one-page PDF with a few lines of text, made by hand, so the
// storage and the routes have real PDF bytes to keep, send and mail meanwhile.
import { Readable } from 'node:stream';
import type { CostSpecification } from './types';

/** Text in a PDF string: printable ASCII only, with its special characters escaped. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

const linesOf = (spec: CostSpecification) => [
  spec.title,
  ...(spec.draft ? ['Voorlopig'] : []),
  ...(spec.version !== null ? [`Versie ${spec.version}`] : []),
  ...(spec.reason ? [`Reden: ${spec.reason}`] : []),
  `Periode ${spec.period.from} t/m ${spec.period.to}`,
  `Totaal excl. btw ${spec.totals.total}, btw ${spec.totals.vat}, totaal incl. btw ${spec.totals.totalIncludingVat}`,
];

/** The specification as PDF bytes. */
export const specificationPdfBytes = async (spec: CostSpecification): Promise<Buffer> => {
  const stream = `BT /F1 12 Tf 50 800 Td 16 TL ${linesOf(spec).map((line) => `(${pdfText(line)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** The specification as a PDF stream (a draft's download). */
export const specificationPdf = (spec: CostSpecification): Readable => {
  const bytes = specificationPdfBytes(spec);
  return Readable.from((async function* () { yield await bytes; })());
};
