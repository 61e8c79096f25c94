import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatBytes, formatDecimal, formatDuration, formatEuro } from '../../../domain/format';
import type { CompanySpecification, CostSpecification, SpecificationKind, SpecificationTotals } from './types';

/**
 * The cost specification as a PDF (docs/cost-specification.md, 'What it shows'): A4, the standard
 * Helvetica fonts (nothing to download or embed), Dutch notation. Every page has the header (title,
 * company or group, customer number, period, 'Versie N' or 'Voorlopig') and the footer ('Bedragen
 * excl. btw', 'Pagina X van Y').
 *
 * The document is laid out as rows of fixed height first: that gives the page of every row, and so
 * the number of pages, before anything is drawn. Then the pages are drawn one after the other and
 * each is written out as the next one starts (no page is kept in memory), as the reader asks for
 * bytes. The same content gives the same bytes: the creation date is the day it was made
 * (`madeOn`), and PDFKit's file ID is a hash of the document's info.
 */

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 40;
const RIGHT = PAGE.width - 40;
const WIDTH = RIGHT - LEFT;
/** Where the rows of a page start and must end. */
const TOP = 92;
const BOTTOM = PAGE.height - 58;

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
const DRAFT_COLOUR = '#b45309';

/** A column of a table: its width, and right-aligned for figures. */
interface Column {
  width: number;
  right?: boolean;
}

/** Who a page is about: the group's first pages (null) or a branch's (or the one company's) section. */
type Section = CompanySpecification | null;

/**
 * One row of the layout. `keep` is the room the rows after it need on the same page (a heading
 * is not left alone at a page's foot); `header` is the table header to repeat when the table goes
 * on on a new page; `newPage` starts a page (a branch's section).
 */
interface Row {
  height: number;
  draw(doc: Doc, y: number): void;
  keep?: number;
  header?: Row;
  newPage?: boolean;
  section: Section;
}

// ---------------------------------------------------------------------------------------------
// Drawing

/** The characters the standard fonts have beyond Latin-1 (Windows-1252, which PDFKit writes them in). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters whose base letter is not a decomposition of theirs. */
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't' };
const isWinAnsi = (c: string) => {
  const code = c.charCodeAt(0);
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/**
 * The text in the characters the standard Helvetica fonts have: a letter they lack becomes its
 * base letter ('Łukasz Żółć' -> 'Lukasz Zólc'), any other character '?'. PDFKit would write it as
 * bytes of another character, and garble the text after it too.
 */
const printable = (text: string): string => {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const c of text) {
    if (isWinAnsi(c)) out += c;
    else if (BASE_LETTERS[c]) out += BASE_LETTERS[c];
    else {
      const base = c.normalize('NFD').replace(/\p{M}/gu, '');
      out += base !== c && [...base].every(isWinAnsi) ? base : c === '\t' || c === '\n' ? ' ' : '?';
    }
  }
  return out;
};

/** The text cut to `width` with '…' when it does not fit (in the current font). */
const fitted = (doc: Doc, raw: string, width: number): string => {
  const text = printable(raw);
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
};

/** Text at x (left) or ending at x (right), on one line. */
const put = (doc: Doc, raw: string, x: number, y: number, right = false) => {
  if (raw === '') return;
  const text = printable(raw);
  doc.text(text, right ? x - doc.widthOfString(text) : x, y, { lineBreak: false });
};

const font = (doc: Doc, bold: boolean, size: number, colour = 'black') => doc.font(bold ? BOLD : REGULAR).fontSize(size).fillColor(colour);

const rule = (doc: Doc, y: number, from = LEFT, to = RIGHT, width = 0.5) => {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor('#999999').stroke();
};

/** A table row: the cells in their columns (from LEFT), cut to fit. */
const cellsRow = (section: Section, columns: Column[], cells: string[], { bold = false, size = 8, height = 11, line = false } = {}): Row => ({
  height,
  section,
  draw(doc, y) {
    font(doc, bold, size);
    if (line) rule(doc, y - 1.5);
    let x = LEFT;
    cells.forEach((cell, i) => {
      const width = columns[i].width;
      const text = fitted(doc, cell, width - 6);
      put(doc, text, columns[i].right ? x + width : x, y + 1, columns[i].right);
      x += width;
    });
  },
});

/** A subtotal of a table: the label over every column but the last, the amount in the last. */
const subtotalRow = (section: Section, columns: Column[], label: string, amount: string, { bold = false, size = 8, height = 14, line = false } = {}): Row => ({
  height,
  section,
  draw(doc, y) {
    font(doc, bold, size);
    if (line) rule(doc, y - 1.5);
    put(doc, fitted(doc, label, WIDTH - columns[columns.length - 1].width - 6), LEFT, y + 1);
    put(doc, amount, RIGHT, y + 1, true);
  },
});

/** A line of text across the page, optionally with an amount at the right. */
const textRow = (section: Section, text: string, { bold = false, size = 9, height = 14, amount = '', colour = 'black', keep = 0 } = {}): Row => ({
  height,
  section,
  keep,
  draw(doc, y) {
    font(doc, bold, size, colour);
    const amountWidth = amount ? doc.widthOfString(amount) + 12 : 0;
    put(doc, fitted(doc, text, WIDTH - amountWidth), LEFT, y + 2);
    if (amount) put(doc, amount, RIGHT, y + 2, true);
  },
});

/** Empty room. */
const space = (section: Section, height: number): Row => ({ height, section, draw: () => undefined });

/** A paragraph of a few lines (wrapped here, so its height is known). */
const paragraph = (doc: Doc, section: Section, text: string, { size = 9, colour = GREY } = {}): Row[] => {
  // Measured before any page exists: the font only (a colour needs a page).
  doc.font(REGULAR).fontSize(size);
  const words = printable(text).split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && doc.widthOfString(next) > WIDTH) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.map((l) => textRow(section, l, { size, colour, height: size + 4 }));
};

// ---------------------------------------------------------------------------------------------
// What the pages hold

/** 'Btw 21 %' */
const vatLabel = (rate: string) => `Btw ${formatDecimal(rate, rate.includes('.') ? rate.split('.')[1].length : 0)} %`;

/** A price per unit: at least 2 decimals, more when it has them (€ 0,012). */
const unitPrice = (value: string) => `€ ${formatDecimal(value, Math.max(2, (value.split('.')[1] ?? '').replace(/0+$/, '').length))}`;

const TOTALS_COLUMNS: Column[] = [{ width: 220 }, { width: 110, right: true }];

/** The totals per kind, the total excl. VAT, the VAT and the total incl. VAT. */
const totalsRows = (section: Section, totals: SpecificationTotals): Row[] => {
  const row = (label: string, amount: string, bold = false, line = false) =>
    cellsRow(section, TOTALS_COLUMNS, [label, formatEuro(amount)], { bold, size: 10, height: 16, line });
  return [
    row('Periodiek', totals.periodic),
    row('Nieuwe aansluitingen', totals.full),
    row('Set up', totals.setup),
    row('Verbruik', totals.usage),
    row('Totaal excl. btw', totals.total, true, true),
    row(vatLabel(totals.vatRate), totals.vat),
    row('Totaal incl. btw', totals.totalIncludingVat, true, true),
  ];
};

const LINE_COLUMNS: Column[] = [
  { width: 50 },
  { width: 85 },
  { width: 190 },
  { width: 45, right: true },
  { width: 70, right: true },
  { width: WIDTH - 440, right: true },
];

/** A kind's lines per article group (a table each) and article, with their subtotals. */
const kindRows = (section: CompanySpecification, kind: SpecificationKind): Row[] => {
  const rows: Row[] = [textRow(section, kind.label, { bold: true, size: 12, height: 22, amount: formatEuro(kind.total), keep: 60 })];
  if (kind.groups.length === 0) {
    rows.push(textRow(section, `Geen kosten voor ${kind.label.toLowerCase()} in deze maand.`, { colour: GREY }), space(section, 8));
    return rows;
  }
  for (const group of kind.groups) {
    const header = cellsRow(section, LINE_COLUMNS, ['Afname', 'Nummer', 'Eindgebruiker', 'Aantal', 'Prijs', 'Bedrag'], { bold: true, height: 13 });
    rows.push(textRow(section, group.name, { bold: true, size: 10, height: 17, keep: 50 }), { ...header, keep: 40 });
    for (const article of group.articles) {
      rows.push({ ...textRow(section, `${article.name} (${article.billingCycle})`, { bold: true, size: 8.5, height: 13, keep: 24 }), header });
      for (const line of article.lines) {
        rows.push({
          ...cellsRow(section, LINE_COLUMNS, [
            line.serviceId === null ? 'Bulk' : String(line.serviceId),
            line.number ?? '',
            line.endUser,
            String(line.quantity),
            formatEuro(line.price),
            formatEuro(line.amount),
          ]),
          header,
        });
      }
      rows.push({ ...subtotalRow(section, LINE_COLUMNS, `Subtotaal ${article.name}`, formatEuro(article.total)), header });
    }
    rows.push(subtotalRow(section, LINE_COLUMNS, `Totaal ${group.name}`, formatEuro(group.total), { bold: true, height: 15, line: true }), space(section, 6));
  }
  rows.push(subtotalRow(section, LINE_COLUMNS, `Totaal ${kind.label}`, formatEuro(kind.total), { bold: true, size: 9, height: 16, line: true }), space(section, 12));
  return rows;
};

const NUMBER_COLUMNS: Column[] = [
  { width: 72 },
  { width: 120 },
  { width: 123 },
  { width: 60, right: true },
  { width: 50, right: true },
  { width: 30, right: true },
  { width: WIDTH - 455, right: true },
];

/** Verbruik per category and per number, then the group bundle. */
const usageRows = (doc: Doc, section: CompanySpecification): Row[] => {
  const { usage, bundle } = section;
  const rows: Row[] = [textRow(section, 'Verbruik', { bold: true, size: 12, height: 22, amount: formatEuro(usage.total), keep: 80 })];
  const category = (label: string, amount: string) => cellsRow(section, TOTALS_COLUMNS, [label, formatEuro(amount)], { size: 9, height: 13 });
  rows.push(category('Data', usage.categories.data), category('Bellen', usage.categories.voice), category('Sms', usage.categories.sms));
  if (usage.categories.bundle !== null) rows.push(category('Groepsbundel', usage.categories.bundle));
  rows.push(cellsRow(section, TOTALS_COLUMNS, ['Totaal Verbruik', formatEuro(usage.total)], { bold: true, size: 9, height: 15, line: true }), space(section, 10));

  rows.push(textRow(section, 'Verbruik per nummer', { bold: true, size: 10, height: 17, keep: 60 }));
  if (usage.numbers.length === 0) rows.push(textRow(section, 'Geen verbruik in deze maand.', { colour: GREY }));
  else {
    rows.push(...paragraph(doc, section, 'Het geprijsde verbruik van de maand per nummer, elk bedrag afgerond op centen; het totaal Verbruik hierboven telt per categorie.', { size: 8 }));
    const header = cellsRow(section, NUMBER_COLUMNS, ['Nummer', 'Eindgebruiker', 'Artikel', 'Data', 'Bellen', 'Sms', 'Bedrag'], { bold: true, height: 13 });
    rows.push({ ...header, keep: 30 });
    for (const n of usage.numbers) {
      rows.push({
        ...cellsRow(section, NUMBER_COLUMNS, [
          n.number,
          n.endUser,
          n.article,
          formatBytes(n.dataBytes),
          formatDuration(n.callSeconds),
          formatDecimal(n.sms, 0),
          formatEuro(n.amount),
        ]),
        header,
      });
    }
  }
  rows.push(space(section, 12));

  if (bundle) {
    rows.push(textRow(section, 'Groepsbundel', { bold: true, size: 10, height: 17, keep: 80 }));
    const line = (label: string, value: string, bold = false) => cellsRow(section, TOTALS_COLUMNS, [label, value], { size: 9, height: 13, bold });
    rows.push(
      line('Bundel', `${formatDecimal(bundle.totalGb, 2)} GB`),
      line('Verbruikt', `${formatDecimal(bundle.usedGb, 2)} GB`),
      line('Boven de bundel', `${formatDecimal(bundle.overageMb, 3)} MB`),
      line('Prijs per MB', unitPrice(bundle.priceMb)),
      line('Bedrag (in Verbruik)', formatEuro(bundle.amount), true),
      space(section, 12),
    );
  }
  return rows;
};

/** The first rows of a company's section: whose it is, and its totals. */
const companyIntroRows = (doc: Doc, spec: CostSpecification, company: CompanySpecification, inGroup: boolean): Row[] => {
  const rows: Row[] = [];
  if (inGroup) {
    rows.push(textRow(company, company.companyName, { bold: true, size: 14, height: 22 }));
    if (company.customerNumber) rows.push(textRow(company, `Klantnummer ${company.customerNumber}`, { colour: GREY }));
    rows.push(space(company, 6));
  } else rows.push(...introRows(doc, spec, company));
  rows.push(textRow(company, 'Totalen', { bold: true, size: 12, height: 22, keep: 120 }), ...totalsRows(company, company.totals), space(company, 18));
  return rows;
};

/** The opening lines of the document: what it is, for whom, and, for a draft or a correction, what that means. */
const introRows = (doc: Doc, spec: CostSpecification, section: Section): Row[] => {
  const rows: Row[] = [];
  if (spec.draft) {
    rows.push(
      textRow(section, 'Voorlopig', { bold: true, size: 12, height: 18, colour: DRAFT_COLOUR }),
      ...paragraph(doc, section, 'Deze maand is nog niet gefactureerd: de bedragen kunnen nog wijzigen. Na de facturatie is de kostenspecificatie definitief.'),
    );
  } else if (spec.reason !== null) {
    rows.push(
      textRow(section, `Correctie: versie ${spec.version}`, { bold: true, size: 11, height: 17 }),
      ...paragraph(doc, section, `Reden: ${spec.reason}`, { colour: 'black' }),
    );
  }
  rows.push(...paragraph(doc, section, `Gemaakt op ${spec.madeOn}.`), space(section, 8));
  return rows;
};

const BRANCH_COLUMNS: Column[] = [
  { width: 145 },
  { width: 55 },
  { width: 60, right: true },
  { width: 60, right: true },
  { width: 50, right: true },
  { width: 60, right: true },
  { width: WIDTH - 430, right: true },
];

/** A group's first pages: the group's totals, then the totals per branch adding up to them. */
const groupIntroRows = (doc: Doc, spec: CostSpecification): Row[] => {
  const rows: Row[] = [...introRows(doc, spec, null)];
  rows.push(textRow(null, 'Totalen van de groep', { bold: true, size: 12, height: 22, keep: 120 }), ...totalsRows(null, spec.totals), space(null, 18));
  rows.push(textRow(null, 'Per vestiging', { bold: true, size: 12, height: 22, keep: 60 }));
  const header = cellsRow(null, BRANCH_COLUMNS, ['Vestiging', 'Klantnr.', 'Periodiek', 'Nieuw', 'Set up', 'Verbruik', 'Totaal'], { bold: true, height: 13 });
  rows.push({ ...header, keep: 30 });
  for (const company of spec.companies) {
    const t = company.totals;
    rows.push({
      ...cellsRow(null, BRANCH_COLUMNS, [company.companyName, company.customerNumber ?? '', ...[t.periodic, t.full, t.setup, t.usage, t.total].map(formatEuro)]),
      header,
    });
  }
  const t = spec.totals;
  rows.push(
    cellsRow(null, BRANCH_COLUMNS, ['Totaal excl. btw', '', ...[t.periodic, t.full, t.setup, t.usage, t.total].map(formatEuro)], { bold: true, height: 15, line: true }),
    ...paragraph(doc, null, "'Nieuw' is Nieuwe aansluitingen. De btw is berekend over het totaal van de groep. Hierna volgt per vestiging de volledige specificatie."),
  );
  return rows;
};

/** Every row of the document, in order. */
const documentRows = (doc: Doc, spec: CostSpecification): Row[] => {
  const group = spec.group !== null;
  const rows: Row[] = group ? groupIntroRows(doc, spec) : [];
  for (const company of spec.companies) {
    const section = [...companyIntroRows(doc, spec, company, group)];
    for (const kind of company.kinds) section.push(...kindRows(company, kind));
    section.push(...usageRows(doc, company));
    if (group) section[0] = { ...section[0], newPage: true };
    rows.push(...section);
  }
  return rows;
};

// ---------------------------------------------------------------------------------------------
// Pages

interface Placed {
  row: Row;
  y: number;
  /** The first row of a new page (its header is drawn first). */
  pageStart: boolean;
  /** A table header repeated at the top of the page before the row. */
  repeat?: Row;
}

/** The rows placed on pages: where each goes, and where a page starts. Pure arithmetic on heights. */
function* placed(rows: readonly Row[]): Generator<Placed> {
  let y = Infinity;
  for (const row of rows) {
    const pageStart =
      y === Infinity ||
      (row.newPage === true && y > TOP) ||
      y + row.height > BOTTOM ||
      // A heading asks for room for what follows it, unless the page holds nothing yet.
      (row.keep !== undefined && y > TOP && y + row.height + row.keep > BOTTOM);
    if (pageStart) y = TOP;
    const repeat = pageStart && row.header ? row.header : undefined;
    if (repeat) y += repeat.height;
    yield { row, y, pageStart, repeat };
    y += row.height;
  }
}

const pageCount = (rows: readonly Row[]) => {
  let pages = 0;
  for (const p of placed(rows)) if (p.pageStart) pages += 1;
  return pages;
};

/** The header and footer of a page. */
const drawFrame = (doc: Doc, spec: CostSpecification, section: Section, page: number, pages: number) => {
  font(doc, true, 15);
  put(doc, spec.title, LEFT, 34);
  const marker = spec.draft ? 'Voorlopig' : `Versie ${spec.version ?? 1}`;
  font(doc, true, spec.draft ? 15 : 11, spec.draft ? DRAFT_COLOUR : 'black');
  put(doc, marker, RIGHT, spec.draft ? 34 : 37, true);
  const who = spec.group
    ? section
      ? `${spec.group.name} · ${section.companyName}`
      : `${spec.group.name} (groep)`
    : (section?.companyName ?? '');
  const customer = section?.customerNumber ? `Klantnummer ${section.customerNumber}` : '';
  font(doc, false, 9);
  put(doc, fitted(doc, who, WIDTH - 150), LEFT, 56);
  put(doc, `Periode ${spec.period.from} t/m ${spec.period.to}`, RIGHT, 56, true);
  font(doc, false, 9, GREY);
  put(doc, customer, LEFT, 68);
  rule(doc, 82, LEFT, RIGHT, 0.75);

  rule(doc, PAGE.height - 48, LEFT, RIGHT, 0.5);
  font(doc, false, 8, GREY);
  put(doc, 'Bedragen excl. btw', LEFT, PAGE.height - 42);
  put(doc, `Pagina ${page} van ${pages}`, RIGHT, PAGE.height - 42, true);
};

/** 'dd-mm-jjjj' as the instant of that day's start (UTC): the document's creation date. */
const dayOf = (date: string) => {
  const [day, month, year] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

/** How many pages are drawn at a time before the reader is given a turn. */
const PAGES_PER_TURN = 4;

/**
 * The cost specification as a PDF stream, produced as it is read: the pages are drawn a few at a
 * time when the reader asks for more, and written out as they are finished.
 */
export const specificationPdf = (spec: CostSpecification): Readable => {
  const made = dayOf(spec.madeOn);
  const who = spec.group ? spec.group.name : (spec.companies[0]?.companyName ?? '');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${spec.title} - ${who}`, Author: 'Mijn Portaal', Subject: spec.title, CreationDate: made, ModDate: made },
  });
  const rows = documentRows(doc, spec);
  const pages = pageCount(rows);
  const placements = placed(rows);
  let page = 0;
  /** The reader has enough for now: draw on when it asks again. */
  let waiting = false;
  let scheduled = false;
  let finished = false;
  let next = placements.next();

  /** Draws the next few pages (PAGES_PER_TURN), or the rest and the end of the document. */
  const drawSome = () => {
    scheduled = false;
    if (finished) return;
    try {
      const until = page + PAGES_PER_TURN;
      while (!next.done) {
        const p = next.value;
        if (p.pageStart) {
          if (page > 0 && (page === until || waiting)) {
            if (!waiting) schedule();
            return;
          }
          doc.addPage({ size: 'A4', margin: 0 });
          page += 1;
          drawFrame(doc, spec, p.row.section, page, pages);
          p.repeat?.draw(doc, p.y - p.repeat.height);
        }
        p.row.draw(doc, p.y);
        next = placements.next();
      }
      if (page === 0) {
        // Nothing to show still makes a page with the header and footer.
        doc.addPage({ size: 'A4', margin: 0 });
        drawFrame(doc, spec, spec.companies[0] ?? null, 1, 1);
      }
      finished = true;
      doc.end();
    } catch (error) {
      finished = true;
      out.destroy(error as Error);
    }
  };
  // Another turn of the event loop for the next pages: a long document does not hold up the server's other requests.
  const schedule = () => {
    if (scheduled || finished) return;
    scheduled = true;
    setImmediate(drawSome);
  };

  const out = new Readable({
    read() {
      waiting = false;
      schedule();
    },
    destroy(error, callback) {
      finished = true;
      callback(error);
    },
  });
  doc.on('data', (chunk: Buffer) => {
    if (!out.push(chunk)) waiting = true;
  });
  doc.on('end', () => out.push(null));
  doc.on('error', (error: Error) => out.destroy(error));
  return out;
};

/** The whole PDF in memory (to store or to attach to a mail). */
export const specificationPdfBytes = async (spec: CostSpecification): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of specificationPdf(spec)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
