import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** What scripts/checkImports.ts finds, run by Node as `npm run lint` runs it (oxc-parser is an ES module). */
const checkImports = (src: string): { circles: string[][]; brokenRules: { from: string; to: string; rule: string }[]; filesInNoLayer: string[] } =>
  JSON.parse(execFileSync(process.execPath, ['-r', 'esbuild-register', 'scripts/checkImports.ts', src, '--json'], { cwd: root, encoding: 'utf8' }));

/** A throwaway src/ tree of `files` (path -> text), checked as `npm run lint` checks the real one. */
const check = (files: Record<string, string>) => {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'check-imports-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
      fs.writeFileSync(path.join(src, file), text);
    }
    return checkImports(src);
  } finally {
    fs.rmSync(src, { recursive: true, force: true });
  }
};

describe('the import check of npm run lint', () => {
  it('passes a tree whose imports run one way', () => {
    expect(
      check({
        'domain/money.ts': 'export const cents = 100;',
        'client/base/format.ts': "import { cents } from '../../domain/money';\nexport const f = cents;",
        'client/features/costs/routes.tsx': "const screen = () => import('./CostsScreen');\nexport default screen;",
        'client/features/costs/CostsScreen.tsx': "import { f } from '../../base/format';\nexport default f;",
        'client/features/costs/answers.ts': "import type { CostsAnswer } from '../../../server/routes/costs/schemas';\nexport type A = CostsAnswer;",
        'server/routes/costs/schemas.ts': 'export type CostsAnswer = { total: string };',
        'server/services/costs.ts': "import { cents } from '../../domain/money';\nexport const c = cents;",
        'server/routes/costs/index.ts': "import { c } from '../../services/costs';\nexport default c;",
      }),
    ).toEqual({ circles: [], brokenRules: [], filesInNoLayer: [] });
  });

  it('passes the repository itself (what npm run lint checks)', () => {
    expect(checkImports(path.join(root, 'src'))).toEqual({ circles: [], brokenRules: [], filesInNoLayer: [] });
  });

  it('finds a circle closed by a lazy import()', () => {
    const { circles } = check({
      'client/features/services/routes.tsx': "export const toId = 1;\nconst pages = () => import('./pages');\nexport default pages;",
      'client/features/services/pages.tsx': "import { useIds } from './routeData';\nexport default useIds;",
      'client/features/services/routeData.ts': "import { toId } from './routes';\nexport const useIds = toId;",
    });
    expect(circles).toEqual([['client/features/services/pages.tsx', 'client/features/services/routeData.ts', 'client/features/services/routes.tsx']]);
  });

  it('finds a circle of type imports and re-exports', () => {
    const { circles } = check({
      'server/services/a.ts': "import type { B } from './b';\nexport type A = B;",
      'server/services/b.ts': "export type { A as B } from './a';",
    });
    expect(circles).toEqual([['server/services/a.ts', 'server/services/b.ts']]);
  });

  it('finds imports from a lower layer to a higher one, lazy ones too', () => {
    const { brokenRules } = check({
      'client/base/session.ts': "export const chart = () => import('../components/Chart');",
      'client/components/Chart.tsx': 'export default 1;',
      'server/services/users.ts': "import { x } from '../routes/users/rules';\nexport const y = x;",
      'server/routes/users/rules.ts': 'export const x = 1;',
      'server/routes/account/index.ts': "import { x } from '../users/rules';\nexport default x;",
      'domain/time.ts': "import { y } from '../server/services/users';\nexport const t = y;",
      'client/features/costs/answers.ts': "import { CostsAnswer } from '../../../server/routes/costs/schemas';\nexport const a = CostsAnswer;",
      'server/routes/costs/schemas.ts': 'export const CostsAnswer = {};',
    });
    expect(brokenRules.map(({ from, to }) => `${from} -> ${to}`).sort()).toEqual([
      'client/base/session.ts -> client/components/Chart.tsx',
      'client/features/costs/answers.ts -> server/routes/costs/schemas.ts',
      'domain/time.ts -> server/services/users.ts',
      'server/routes/account/index.ts -> server/routes/users/rules.ts',
      'server/services/users.ts -> server/routes/users/rules.ts',
    ]);
  });

  it('names a file that is in no layer', () => {
    expect(
      check({ 'server/helpers/x.ts': 'export const x = 1;', 'client/x.ts': 'export const y = 2;', 'client/widgets/w.ts': 'export const w = 3;' }).filesInNoLayer,
    ).toEqual(['client/widgets/w.ts', 'client/x.ts', 'server/helpers/x.ts']);
  });

  it('keeps a feature out of another feature', () => {
    const { brokenRules } = check({
      'client/features/costs/CostsScreen.tsx': "import { x } from '../usage/usageApi';\nexport default x;",
      'client/features/usage/usageApi.ts': 'export const x = 1;',
    });
    expect(brokenRules).toHaveLength(1);
    expect(brokenRules[0].rule).toMatch(/^a feature imports no other feature/);
  });
});
