import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

/**
 * The import check of `npm run lint`: no import circle anywhere in src/, and no import from a
 * lower layer to a higher one (README, 'Architecture'). Every kind of import counts: `import`,
 * `import type`, `export … from` and a lazy `import()`, since each ties the two files together
 * for a reader, and the lazy one also for the bundle. oxlint checks the rest of the code.
 *
 * Run: `node -r esbuild-register scripts/checkImports.ts [src folder] [--json]`; with --json it
 * writes what it found as JSON (its test reads that).
 */

/** One import of a file of the project: from `from` to `to` (both relative to the src folder). */
export interface Import {
  from: string;
  to: string;
  /** `import type` or `export type … from`: erased from the build. */
  typeOnly: boolean;
}

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

const sourceFiles = (src: string): string[] =>
  (fs.readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();

/** The file a relative specifier names, or null for a package or a file that is not source. */
const resolve = (src: string, from: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (SOURCE.test(candidate) && fs.existsSync(path.join(src, candidate))) return candidate;
  }
  return null;
};

/** Every import between the project's files under `src`. */
export const importsOf = (src: string): Import[] => {
  const imports: Import[] = [];
  for (const file of sourceFiles(src)) {
    const text = fs.readFileSync(path.join(src, file), 'utf8');
    const { module } = parseSync(file, text);
    const add = (specifier: string, typeOnly: boolean) => {
      const to = resolve(src, file, specifier);
      if (to) imports.push({ from: file, to, typeOnly });
    };
    for (const entry of module.staticImports) {
      add(entry.moduleRequest.value, entry.entries.length > 0 && entry.entries.every((e) => e.isType));
    }
    for (const statement of module.staticExports) {
      for (const entry of statement.entries) if (entry.moduleRequest) add(entry.moduleRequest.value, entry.isType);
    }
    for (const lazy of module.dynamicImports) {
      const argument = text.slice(lazy.moduleRequest.start, lazy.moduleRequest.end);
      const literal = /^(['"`])([^'"`$]+)\1$/.exec(argument.trim());
      if (literal) add(literal[2], false);
    }
  }
  return imports;
};

/**
 * The layers, bottom to top: a file may import its own layer and those below it. The client's
 * follow its folders; the server's are db, the services, the Fastify plugins and the routes, with
 * the start-up above them. Tests, test support and scripts stand on top of what they test.
 */
const CLIENT_LAYERS = ['base', 'api', 'components', 'features', 'app'];
const SERVER_LAYERS: [RegExp, number][] = [
  [/^server\/(projectRoot|config|httpError|input|serialize|processLog)\.ts$/, 0],
  [/^server\/db\//, 1],
  [/^server\/services\//, 2],
  [/^server\/seed\//, 3],
  [/^server\/plugins\//, 4],
  [/^server\/types\.ts$/, 5],
  [/^server\/routes\//, 6],
  [/^server\/(app|clientScripts)\.ts$/, 7],
  [/^server\/(start|server)\.ts$/, 8],
  [/^server\/(scripts|testing)\//, 9],
];

const isTest = (file: string) => /(\.test\.tsx?|\/testData\.ts)$/.test(file) || file.startsWith('client/test/') || file.startsWith('server/testing/');

/** The layer of a file: its side (domain, client, server) and its rank there. */
const layerOf = (file: string): { side: 'domain' | 'client' | 'server'; rank: number } | null => {
  if (file.startsWith('domain/')) return { side: 'domain', rank: 0 };
  const client = /^client\/([^/]+)\//.exec(file);
  if (client) return CLIENT_LAYERS.includes(client[1]) ? { side: 'client', rank: CLIENT_LAYERS.indexOf(client[1]) } : null;
  if (file === 'client/index.tsx') return { side: 'client', rank: CLIENT_LAYERS.length };
  for (const [pattern, rank] of SERVER_LAYERS) if (pattern.test(file)) return { side: 'server', rank };
  return null;
};

/** A client feature's name, or a server route folder's: neither imports another of its kind. */
const featureOf = (file: string) => /^client\/features\/([^/]+)\//.exec(file)?.[1];
const routeFolderOf = (file: string) => /^server\/routes\/([^/]+)\//.exec(file)?.[1];

/** The client may read the server's answer declarations, as types only (docs/api.md). */
const isAnswerDeclaration = (file: string) => /^server\/routes\/(.+\/)?schemas\.ts$/.test(file);

/** Why `imp` breaks a layer rule, or null when it keeps them. */
export const layerRuleBroken = (imp: Import): string | null => {
  const { from, to } = imp;
  const source = layerOf(from);
  const target = layerOf(to);
  if (!source || !target) return null;
  if (source.side === 'domain' && target.side !== 'domain') return 'domain/ is shared by server and client: it imports neither';
  if (source.side === 'client' && target.side === 'server') {
    if (isAnswerDeclaration(to) && imp.typeOnly) return null;
    return 'the client imports nothing of the server but the types of its answers (import type from a routes/**/schemas.ts)';
  }
  if (source.side === 'server' && target.side === 'client') return 'the server imports nothing of the client: share through domain/';
  if (isTest(from)) return null;
  if (isTest(to)) return 'only tests import test support';
  if (source.side === target.side && target.rank > source.rank) return `a lower layer imports a higher one (${source.side} layer ${source.rank} -> ${target.rank})`;
  const [featureFrom, featureTo] = [featureOf(from), featureOf(to)];
  if (featureFrom && featureTo && featureFrom !== featureTo) return 'a feature imports no other feature: share through domain/, base/, api/ or components/';
  const [folderFrom, folderTo] = [routeFolderOf(from), routeFolderOf(to)];
  if (folderFrom && folderTo && folderFrom !== folderTo) return 'a route folder imports no other route folder: share through services/';
  return null;
};

/** The circles of the import graph (its strongly connected components of two or more files, or a file importing itself). */
export const circlesOf = (imports: Import[]): string[][] => {
  const edges = new Map<string, string[]>();
  for (const { from, to } of imports) edges.set(from, [...(edges.get(from) ?? []), to]);
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const children = edges.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++];
        if (!index.has(child)) {
          index.set(child, next);
          low.set(child, next++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (edges.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) circles.push(component.sort());
      }
    }
  }
  return circles;
};

/** What the check finds under `src`: each circle, each import that breaks a layer rule, and each file that is in no layer. */
export const checkImports = (src: string) => {
  const imports = importsOf(src);
  return {
    circles: circlesOf(imports),
    filesInNoLayer: sourceFiles(src).filter((file) => !isTest(file) && !layerOf(file)),
    brokenRules: imports.flatMap((imp) => {
      const rule = layerRuleBroken(imp);
      return rule ? [{ ...imp, rule }] : [];
    }),
  };
};

if (require.main === module) {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith('--'));
  const src = path.resolve(folder ?? path.join(__dirname, '..', 'src'));
  const { circles, brokenRules, filesInNoLayer } = checkImports(src);
  if (args.includes('--json')) {
    console.log(JSON.stringify({ circles, brokenRules, filesInNoLayer }));
    process.exit(0);
  }
  for (const file of filesInNoLayer) console.error(`${file}: in no layer (add its folder to scripts/checkImports.ts)`);
  for (const circle of circles) console.error(`import circle of ${circle.length} files:\n  ${circle.join('\n  ')}`);
  for (const { from, to, rule } of brokenRules) console.error(`${from} -> ${to}: ${rule}`);
  if (circles.length > 0 || brokenRules.length > 0 || filesInNoLayer.length > 0) process.exit(1);
  console.log('imports: no circle, every layer rule kept');
}
