import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * One Dutch voice (docs/screens.md, 'Messages'): the portal says 'je' to its users, never 'u',
 * in every text of the client, the shared messages and the server's answers and mails; and a
 * download button says 'CSV downloaden' / 'Excel downloaden'. The texts are read from the source
 * tree by oxc-parser (string literals, template literals, JSX text; SQL templates left out), so
 * code (a `u` alias in SQL, a variable `u`) is never mistaken for a text.
 */

const root = path.resolve(__dirname, '../..');

interface Text {
  file: string;
  line: number;
  text: string;
}

/** Every text of the source files under src/ that are no tests or test support, as oxc-parser reads them (an ES module: run by Node itself). */
const textsOfSource = (): Text[] => {
  const script = `
import fs from 'node:fs';
import path from 'node:path';
import { parseSync, Visitor } from 'oxc-parser';
const files = fs.readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\\.tsx?$/.test(file) && !/\\.test\\.tsx?$/.test(file) && !/(^|\\/)(test|testing)\\//.test(file) && !/testData\\.ts$/.test(file));
const texts = [];
for (const file of files) {
  const source = fs.readFileSync(path.join('src', file), 'utf8');
  const lineOf = (offset) => source.slice(0, offset).split('\\n').length;
  const sqlRanges = [];
  const found = [];
  new Visitor({
    TaggedTemplateExpression(node) {
      if (/(^|\\.)sql(\\.raw)?$/.test(source.slice(node.tag.start, node.tag.end))) sqlRanges.push([node.start, node.end]);
    },
    Literal(node) {
      if (typeof node.value === 'string') found.push({ start: node.start, text: node.value });
    },
    TemplateLiteral(node) {
      found.push({ start: node.start, text: node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('{…}') });
    },
    JSXText(node) {
      if (node.value.trim()) found.push({ start: node.start, text: node.value.replace(/\\s+/g, ' ').trim() });
    },
  }).visit(parseSync(file, source).program);
  for (const { start, text } of found) {
    if (!sqlRanges.some(([from, to]) => start >= from && start < to)) texts.push({ file: 'src/' + file, line: lineOf(start), text });
  }
}
process.stdout.write(JSON.stringify(texts));
`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
};

/** 'u', 'uw', 'uzelf' as words of their own ('U' and 'Uw' also at the start of a sentence); not in 'U+001F' or 'u.id'. */
const U_FORM = /(?<![\p{L}\p{N}_.$+-])(?:[Uu]|[Uu]w|[Uu]zelf)(?![\p{L}\p{N}_.$(+-])/u;

/** Words a Dutch sentence has and code, English or an identifier has not: what makes a text Dutch here. */
const DUTCH_WORDS = /(?<![\p{L}])(?:de|het|een|je|van|niet|met|voor|naar|dit|dat|deze|kunt|kan|wordt|worden|heeft|hebt|bent|zijn|ontvangt|ontvangen|bij|als|geen|wilt|moet|op|om|aan|er|ook|nog|hier|bekijk|kies|mijn|portaal|verbruik|bedrijf|wachtwoord|uw)(?![\p{L}])/iu;

/**
 * Texts the portal's contract fixes word for word, 'u' included (docs/screens.md, 'Messages':
 * the spec's texts verbatim): the reset link's errors.
 */
const VERBATIM = new Set([
  'De link is verlopen. Neem contact op met uw account manager.',
  'Het toegewezen token is niet geldig. Neem contact op met uw account manager.',
]);

/** A Dutch text that speaks with 'u'. */
const speaksWithU = (text: string) => U_FORM.test(text) && DUTCH_WORDS.test(text.replace(U_FORM, ''));

let texts: Text[];
beforeAll(() => {
  texts = textsOfSource();
}, 60_000);

describe("the portal's texts", () => {
  it('are read from every part of the source: the client, the shared messages, the server and its mails', () => {
    const files = new Set(texts.map((text) => text.file));
    for (const file of ['src/client/features/company/AlertsSection.tsx', 'src/domain/messages.ts', 'src/server/services/alerts.ts', 'src/server/services/mail.ts']) {
      expect(files.has(file)).toBe(true);
    }
    expect(texts.find((text) => text.text.startsWith('Je ontvangt deze melding als contactpersoon'))?.file).toBe('src/server/services/alerts.ts');
  });

  it("say 'je', never 'u', but for the texts the portal must show verbatim", () => {
    const offending = texts.filter((text) => speaksWithU(text.text) && !VERBATIM.has(text.text)).map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
    // The verbatim ones are still there, as they are.
    const verbatim = texts.filter((text) => VERBATIM.has(text.text)).map((text) => text.text);
    expect(new Set(verbatim)).toEqual(VERBATIM);
  });

  it("say 'je' outside the source too: the web app's page before it runs and the load balancer's own pages", () => {
    const root = path.resolve(__dirname, '../..');
    const pages = ['public/index.html', ...fs.readdirSync(path.join(root, 'deploy/haproxy-errors')).map((file) => `deploy/haproxy-errors/${file}`)];
    const offending = pages.flatMap((page) =>
      fs
        .readFileSync(path.join(root, page), 'utf8')
        .split(/<[^>]*>|"/)
        .filter((text) => speaksWithU(text))
        .map((text) => `${page}: ${text.trim()}`),
    );
    expect(offending).toEqual([]);
  });

  it("name a download button 'CSV downloaden' and 'Excel downloaden', never 'Download CSV'", () => {
    expect(texts.filter((text) => /\bDownload (?:CSV|Excel)\b/i.test(text.text)).map(({ file, line, text }) => `${file}:${line}: ${text}`)).toEqual([]);
    const buttons = (label: string) => new Set(texts.filter((text) => text.text === label).map((text) => text.file));
    for (const screen of ['src/client/features/costs/GroupCostsScreen.tsx', 'src/client/features/usage/ReportScreen.tsx', 'src/client/features/usage/ReportDetailScreen.tsx']) {
      expect({ screen, csv: buttons('CSV downloaden').has(screen), excel: buttons('Excel downloaden').has(screen) }).toEqual({ screen, csv: true, excel: true });
    }
  });
});

describe("the check for 'u'", () => {
  it("finds the 'u'-form in Dutch sentences", () => {
    for (const text of ['Kiest u niemand, dan ontvangen alle gebruikers de meldingen.', 'U kunt dit later wijzigen.', 'Bekijk uw verbruik in Mijn Portaal', 'Uw groepsbundel is op', 'Vermijd jaartallen die bij u horen.']) {
      expect({ text, found: speaksWithU(text) }).toEqual({ text, found: true });
    }
  });

  it('leaves code, English and the je-form alone', () => {
    for (const text of ['select u.id from users u where u.company_id = $1', 'left join users u on u.company_id = c.id', 'U+001F', '(u) => u.name', 'Je groepsbundel is op', 'Kies je niemand, dan ontvangen alle gebruikers de meldingen.', 'u', 'h | u']) {
      expect({ text, found: speaksWithU(text) }).toEqual({ text, found: false });
    }
  });
});
