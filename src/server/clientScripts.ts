import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** A file of the build with its content hash in its name: it never changes under that name. */
export const isHashedFile = (name: string) => /\.[0-9a-f]{8,}\./.test(name);
/** How such a file may be cached: for a year, never asked again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Script {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The encodings a request accepts (`Accept-Encoding`, q=0 refuses one; `*` stands for any). */
export const acceptedEncodings = (header: string | undefined): Set<string> => {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    (q !== undefined && Number(q) === 0 ? refused : accepted).add(name.trim());
  }
  if (accepted.has('*')) for (const name of ['br', 'gzip']) if (!refused.has(name)) accepted.add(name);
  for (const name of refused) accepted.delete(name);
  return accepted;
};

const readIfThere = (file: string): Buffer | undefined => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);

/** Every hashed script below `dir`, by its path relative to it (with `/`), with its .br and .gz copies. */
const loadScripts = (dir: string): Map<string, Script> => {
  const scripts = new Map<string, Script>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else if (entry.name.endsWith('.js') && isHashedFile(entry.name)) {
        const file = path.join(dir, name);
        scripts.set(name, { plain: fs.readFileSync(file), br: readIfThere(`${file}.br`), gzip: readIfThere(`${file}.gz`) });
      }
    }
  };
  walk('');
  return scripts;
};

/**
 * The SPA's hashed scripts served from memory, read once at start: a first visit asks some twenty of
 * them at once, and reading each from disk would cost the server's one thread a few file system
 * calls (2 ms) while the page's API calls wait behind them. The build's brotli or gzip copy goes
 * out as it is when the browser takes it (brotli first); a script without copies is left to the
 * compression plugin.
 * Answers the paths served here, for the static file plugin to leave alone.
 */
export const serveClientScripts = (app: FastifyInstance, dir: string): string[] => {
  const scripts = loadScripts(dir);
  for (const [name, script] of scripts) {
    app.get(`/${name}`, (request, reply) => {
      const accepted = acceptedEncodings(request.headers['accept-encoding']);
      const encoding = script.br && accepted.has('br') ? 'br' : script.gzip && accepted.has('gzip') ? 'gzip' : null;
      reply
        .header('Content-Type', 'application/javascript; charset=utf-8')
        .header('Cache-Control', IMMUTABLE)
        .header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? script[encoding] : script.plain);
    });
  }
  return [...scripts.keys()].flatMap((name) => [name, `${name}.br`, `${name}.gz`]);
};
