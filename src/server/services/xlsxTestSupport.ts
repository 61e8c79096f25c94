import { inflateRawSync } from 'node:zlib';

/**
 * Reads back an .xlsx download in tests: unzips it (node:zlib) and reads the first sheet's cells
 * with their XML type and number format, so a test sees what Excel sees: a number, a date serial
 * with its format, or a string, never a formula.
 */

export interface SheetCell {
  /** `s` a (shared) string, `n` a number or a date serial, `f` a formula. */
  type: 's' | 'n' | 'f';
  /** The string, or the number as written. */
  value: string | number;
  /** The cell's number format, e.g. `dd-mm-yyyy`; undefined for General. */
  format?: string;
}

/** The files of a zip archive by name, read from its central directory. */
const unzip = (zip: Buffer): Map<string, Buffer> => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let entry = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(entry + 10);
    const compressedSize = zip.readUInt32LE(entry + 20);
    const nameLength = zip.readUInt16LE(entry + 28);
    const skip = nameLength + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
    const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
    const local = zip.readUInt32LE(entry + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    files.set(name, method === 0 ? data : inflateRawSync(data));
    entry += 46 + skip;
  }
  return files;
};

const unescapeXml = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/** The first sheet as rows of cells (an empty cell is undefined), and the file's names. */
export const readXlsx = (file: Buffer): { rows: (SheetCell | undefined)[][]; files: string[] } => {
  const files = unzip(file);
  const text = (name: string) => files.get(name)?.toString('utf8') ?? '';
  const strings = [...text('xl/sharedStrings.xml').matchAll(/<si>(.*?)<\/si>/gs)].map(([, si]) =>
    unescapeXml([...si.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map(([, t]) => t).join('')),
  );
  const styles = text('xl/styles.xml');
  const formats = new Map([...styles.matchAll(/<numFmt [^>]*>/g)].map(([tag]) => [attribute(tag, 'numFmtId'), unescapeXml(attribute(tag, 'formatCode') ?? '')]));
  const cellXfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '';
  const styleFormats = [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map(([tag]) => formats.get(attribute(tag, 'numFmtId')));

  const rows: (SheetCell | undefined)[][] = [];
  for (const [, row] of text('xl/worksheets/sheet1.xml').matchAll(/<row[^>]*>(.*?)<\/row>/gs)) {
    const cells: (SheetCell | undefined)[] = [];
    for (const [, attributes, body] of row.matchAll(/<c([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const column = (attribute(attributes, 'r') ?? 'A').replace(/\d+/, '');
      const index = [...column].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
      const style = attribute(attributes, 's');
      const format = style === undefined ? undefined : styleFormats[Number(style)];
      const formula = /<f>(.*?)<\/f>/s.exec(body ?? '')?.[1];
      const value = /<v>(.*?)<\/v>/s.exec(body ?? '')?.[1];
      if (formula !== undefined) cells[index] = { type: 'f', value: unescapeXml(formula) };
      else if (value === undefined) continue;
      else if (attribute(attributes, 't') === 's') cells[index] = { type: 's', value: strings[Number(value)] };
      else cells[index] = { type: 'n', value: Number(value), ...(format ? { format } : {}) };
    }
    rows.push(cells);
  }
  return { rows, files: [...files.keys()] };
};

/** The Excel serial of a day (days since 1899-12-30), to compare with a date cell. */
export const excelSerial = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 86_400_000 + 25_569;
