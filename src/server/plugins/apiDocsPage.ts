/**
 * The API document as a page of its own (`/api/docs`, docs/api.md, 'The documentation page'):
 * plain HTML, server-rendered from the OpenAPI document, in Dutch, without a script, so it works
 * under the portal's CSP (its one style element is allowed by `style-src 'unsafe-inline'`, as the
 * SPA's are) and reads well with a screen reader, a keyboard and a 390 px wide phone.
 */
import { escapeHtml } from '../services/mail';

/** The parts of an OpenAPI 3.1 document the page shows. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  additionalProperties?: boolean | JsonSchema;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface Content {
  schema?: JsonSchema;
}
export interface DocumentOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Content> };
  responses?: Record<string, { description?: string; content?: Record<string, Content> }>;
  security?: unknown[];
}
export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, DocumentOperation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Where each parameter goes, in Dutch. */
const PLACES: Record<string, string> = { path: 'in het pad', query: 'in de query', header: 'in een header', cookie: 'in een cookie' };

/** The document's descriptions are short Markdown: paragraphs and `code`, nothing more. */
const markdown = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.replace(/\n/g, ' ')).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');

/** One operation of the document, with its method and path. */
export interface OperationEntry {
  method: (typeof METHODS)[number];
  path: string;
  operation: DocumentOperation;
  /** The page's anchor of the operation: its operationId (unique in the document), or method and path. */
  anchor: string;
}

const anchorOf = (method: string, path: string, operation: DocumentOperation) =>
  operation.operationId ?? `${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-');

/** Every operation of the document, in the document's order. */
export const operationsOf = (document: ApiDocument): OperationEntry[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method], anchor: anchorOf(method, path, item[method]) })),
  );

const json = (value: unknown) => JSON.stringify(value);

/** A schema's type in a few words: 'string', 'integer of null', 'lijst van object'. */
const typeOf = (schema: JsonSchema): string => {
  if (schema.const !== undefined) return `vast: ${json(schema.const)}`;
  if (schema.enum) return schema.enum.length === 1 && schema.enum[0] === null ? 'null' : `een van ${schema.enum.map(json).join(', ')}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.map((type) => (type === 'array' && schema.items ? `lijst van ${typeOf(schema.items)}` : type));
  if (named.length > 0) return named.join(' of ');
  if (schema.anyOf || schema.oneOf) return 'een van';
  if (schema.properties) return 'object';
  return 'elke waarde';
};

/** The limits of a value: format, pattern, lengths, range, default. */
const limitsOf = (schema: JsonSchema): string[] =>
  [
    schema.format && `formaat ${schema.format}`,
    schema.pattern && `patroon ${schema.pattern}`,
    schema.minLength !== undefined && `minimaal ${schema.minLength} tekens`,
    schema.maxLength !== undefined && `maximaal ${schema.maxLength} tekens`,
    schema.minItems !== undefined && `minimaal ${schema.minItems} elementen`,
    schema.maxItems !== undefined && `maximaal ${schema.maxItems} elementen`,
    schema.minimum !== undefined && `minimaal ${schema.minimum}`,
    schema.maximum !== undefined && `maximaal ${schema.maximum}`,
    schema.default !== undefined && `standaard ${json(schema.default)}`,
  ].filter((limit): limit is string => Boolean(limit));

const INDENT = '  ';

/** The lines below a schema's own: its fields, its list element's fields, or its alternatives ('| '). */
const partsOf = (schema: JsonSchema, depth: number): string[] => {
  if (schema.properties && Object.keys(schema.properties).length > 0) {
    const required = new Set(schema.required ?? []);
    return Object.entries(schema.properties).flatMap(([name, field]) => valueLines(field, depth, `${name}: `, required.has(name) ? 'verplicht' : 'optioneel'));
  }
  if (schema.items && (schema.items.properties || schema.items.anyOf || schema.items.oneOf)) return partsOf(schema.items, depth);
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return alternatives ? alternatives.flatMap((alternative) => valueLines(alternative, depth, '| ')) : [];
};

/** A value as lines of an outline: `name: type, verplicht, limits — description`, then its parts one level in. */
const valueLines = (schema: JsonSchema, depth: number, prefix = '', presence?: string): string[] => {
  const words = [typeOf(schema), presence, ...limitsOf(schema)].filter(Boolean).join(', ');
  const description = schema.description ? ` — ${schema.description.replace(/\s+/g, ' ')}` : '';
  return [`${INDENT.repeat(depth)}${prefix}${words}${description}`, ...partsOf(schema, depth + 1)];
};

/**
 * A schema as an indented outline in one preformatted block: readable, and light for the page (a
 * nested list of every field would be some 15,000 elements, too many for a screen reader's list
 * navigation and for the accessibility check alike).
 */
const schemaBlock = (schema: JsonSchema) => `<pre class="schema">${escapeHtml(valueLines(schema, 0).join('\n'))}</pre>`;

/** A body's schema per content type. */
const contentOf = (content: Record<string, Content> | undefined): string =>
  Object.entries(content ?? {})
    .map(([type, { schema }]) => `<p class="content-type">Inhoud: <code>${escapeHtml(type)}</code></p>${schema ? schemaBlock(schema) : ''}`)
    .join('');

/** A parameter's type, presence and limits on one line. */
const parameterLine = (parameter: Parameter) => {
  const schema = parameter.schema ?? {};
  const words = [typeOf(schema), ...limitsOf(schema)].join(', ');
  const description = parameter.description ?? schema.description;
  return `<span class="type">${escapeHtml(words)}</span>${description ? ` — ${escapeHtml(description)}` : ''}`;
};

const parametersOf = (parameters: Parameter[]) =>
  `<h4>Parameters</h4><ul class="fields">${parameters
    .map(
      (parameter) =>
        `<li><code class="name">${escapeHtml(parameter.name)}</code> ${PLACES[parameter.in] ?? escapeHtml(parameter.in)}: ${
          parameter.required ? '<strong>verplicht</strong>, ' : 'optioneel, '
        }${parameterLine(parameter)}</li>`,
    )
    .join('')}</ul>`;

const requestBodyOf = (body: NonNullable<DocumentOperation['requestBody']>) =>
  `<h4>Verzoek</h4><p>${body.required ? 'Met een verplichte inhoud.' : 'Met een inhoud naar keuze.'}</p>${contentOf(body.content)}`;

/** Where an error answer's shape is shown: once for the page, under 'Foutantwoorden' (by its content, JSON). */
type ErrorShapes = Map<string, { anchor: string; status: string; description: string; content: Record<string, Content> }>;

const isError = (status: string) => /^[45]/.test(status);

/**
 * The error answers' shapes, each once: every call shares the same few (400, 401, 403, 404, 409,
 * 413, 415, 429, 503), and a page that repeated them at each call would be three times as long.
 */
const errorShapesOf = (operations: OperationEntry[]): ErrorShapes => {
  const shapes: ErrorShapes = new Map();
  for (const { operation } of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!isError(status) || !response.content) continue;
      const key = `${status} ${JSON.stringify(response.content)}`;
      if (shapes.has(key)) continue;
      const sameStatus = [...shapes.values()].filter((shape) => shape.status === status).length;
      shapes.set(key, { anchor: `fout-${status}${sameStatus ? `-${sameStatus + 1}` : ''}`, status, description: response.description ?? '', content: response.content });
    }
  }
  return shapes;
};

/**
 * A call's answers: its own in full; the error answers of a shared shape on one line, their
 * shapes and meanings under 'Foutantwoorden'.
 */
const responsesOf = (responses: NonNullable<DocumentOperation['responses']>, errorShapes: ErrorShapes) => {
  const entries = Object.entries(responses);
  const sharedOf = ([status, response]: [string, { description?: string; content?: Record<string, Content> }]) => {
    const shape = response.content && isError(status) ? errorShapes.get(`${status} ${JSON.stringify(response.content)}`) : undefined;
    return shape && shape.description === (response.description ?? '') ? shape : undefined;
  };
  const own = entries.filter((entry) => !sharedOf(entry));
  const shared = entries.filter((entry) => sharedOf(entry)).map(([status]) => status);
  const items = own.map(([status, response]) => `<li><span class="status">${escapeHtml(status)}</span> ${escapeHtml(response.description ?? '')}${contentOf(response.content)}</li>`);
  if (shared.length > 0) {
    items.push(`<li><span class="status">${shared.map(escapeHtml).join(', ')}</span> De foutantwoorden van elke aanroep: <a href="#foutantwoorden">wat ze betekenen en hun vorm</a>.</li>`);
  }
  return `<h4>Antwoorden</h4><ul class="responses">${items.join('')}</ul>`;
};

const errorSection = (errorShapes: ErrorShapes) => `
<section aria-labelledby="foutantwoorden">
  <h2 id="foutantwoorden">Foutantwoorden</h2>
  <p>De vorm van elk foutantwoord, één keer voor alle aanroepen.</p>
  <ul class="responses">${[...errorShapes.values()]
    .map(({ anchor, status, description, content }) => `<li id="${anchor}"><span class="status">${escapeHtml(status)}</span> ${escapeHtml(description)}${contentOf(content)}</li>`)
    .join('')}</ul>
</section>`;

const operationSection = ({ method, path, operation, anchor }: OperationEntry, errorShapes: ErrorShapes) => `
<section class="operation" id="${escapeHtml(anchor)}" aria-labelledby="${escapeHtml(anchor)}-titel">
  <h3 id="${escapeHtml(anchor)}-titel"><span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code> <span class="summary">${escapeHtml(operation.summary ?? '')}</span></h3>
  ${operation.description ? markdown(operation.description) : ''}
  ${operation.security && operation.security.length === 0 ? '' : '<p>Met het token: <code>Authorization: Bearer &lt;token&gt;</code>.</p>'}
  ${operation.parameters?.length ? parametersOf(operation.parameters) : ''}
  ${operation.requestBody ? requestBodyOf(operation.requestBody) : ''}
  ${operation.responses ? responsesOf(operation.responses, errorShapes) : ''}
  <p class="top"><a href="#inhoudsopgave">Naar de inhoudsopgave</a></p>
</section>`;

/** The document's tags in its order, each with its operations; operations of a tag the document does not list come last. */
const groupsOf = (document: ApiDocument) => {
  const operations = operationsOf(document);
  const names = [...(document.tags ?? []).map((tag) => tag.name), ...operations.map(({ operation }) => operation.tags?.[0] ?? 'overig')];
  return [...new Set(names)]
    .map((name) => ({
      name,
      description: document.tags?.find((tag) => tag.name === name)?.description ?? '',
      operations: operations.filter(({ operation }) => (operation.tags?.[0] ?? 'overig') === name),
    }))
    .filter((group) => group.operations.length > 0);
};

const tagAnchor = (name: string) => `groep-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/**
 * Contrast at least 4.5:1 everywhere (dark text on white, white on the dark method labels); lines
 * wrap anywhere on a narrow screen, so nothing scrolls sideways.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1a1a1a;background:#fff;overflow-wrap:anywhere}
a{color:#0b4f8a}
a:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}
code{font-family:ui-monospace,Menlo,Consolas,"Liberation Mono",monospace;font-size:.92em;background:#f1f3f5;padding:0 .2em;border-radius:3px}
.skiplink{position:absolute;left:.5rem;top:-4rem;background:#fff;padding:.5rem 1rem;border:2px solid #0b4f8a;z-index:1}
.skiplink:focus{top:.5rem}
header,nav,main{max-width:70rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem}
.brand{color:#0b4f8a;font-weight:700;margin:0}
h1{font-size:2rem;margin:.25rem 0 .5rem}
h2{font-size:1.5rem;margin:2rem 0 .5rem;border-bottom:2px solid #d0d5db;padding-bottom:.25rem}
h3{font-size:1.15rem;margin:0 0 .5rem}
h4{font-size:1rem;margin:1rem 0 .25rem}
nav ol{padding-left:1.5rem}
nav ol ol{margin:.25rem 0 .5rem}
.operation{border:1px solid #c4cad1;border-radius:6px;padding:1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.2em;text-align:center;color:#fff;border-radius:4px;padding:0 .4em;font-size:.9em}
.get{background:#1b5e20}.post{background:#0d47a1}.put{background:#7a4100}.patch{background:#4a148c}.delete{background:#b71c1c}
.path{background:none;padding:0;font-size:1em}
.summary{display:block;font-weight:400;margin-top:.25rem}
.fields,.responses{padding-left:1.25rem;margin:.25rem 0}
.fields li,.responses li{margin:.2rem 0}
.type{font-style:italic}
.schema{font-family:ui-monospace,Menlo,Consolas,"Liberation Mono",monospace;font-size:.85rem;background:#f6f8fa;border:1px solid #d0d5db;border-radius:4px;padding:.5rem .75rem;margin:.25rem 0 .5rem;white-space:pre-wrap;overflow-wrap:anywhere}
.status{font-weight:700}
.content-type{margin:.25rem 0}
.top{margin:.75rem 0 0;font-size:.9em}
`;

/** The page: skip link, title, table of contents, then the calls per tag. */
export const apiDocsPage = (document: ApiDocument, documentUrl: string): string => {
  const groups = groupsOf(document);
  const errorShapes = errorShapesOf(operationsOf(document));
  const contents = groups
    .map(
      (group) =>
        `<li><a href="#${tagAnchor(group.name)}">${escapeHtml(group.name)}</a><ol>${group.operations
          .map(({ method, path, anchor, operation }) => `<li><a href="#${escapeHtml(anchor)}">${method.toUpperCase()} ${escapeHtml(path)}</a>${operation.summary ? `: ${escapeHtml(operation.summary)}` : ''}</li>`)
          .join('')}</ol></li>`,
    )
    .join('');
  const sections = groups
    .map(
      (group) => `
<section aria-labelledby="${tagAnchor(group.name)}">
  <h2 id="${tagAnchor(group.name)}">${escapeHtml(group.name)}</h2>
  ${group.description ? `<p>${escapeHtml(group.description)}</p>` : ''}
  ${group.operations.map((operation) => operationSection(operation, errorShapes)).join('')}
</section>`,
    )
    .join('');
  const { title, version, description } = document.info;
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: documentatie</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skiplink" href="#aanroepen">Direct naar de aanroepen</a>
<header>
  <p class="brand">Mijn Portaal</p>
  <h1>${escapeHtml(title)}</h1>
  <p>Versie ${escapeHtml(version)}. Het OpenAPI-document zelf: <a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)} (JSON)</a>.</p>
  ${description ? markdown(description) : ''}
</header>
<nav aria-labelledby="inhoudsopgave">
  <h2 id="inhoudsopgave">Inhoudsopgave</h2>
  <ol>${contents}<li><a href="#foutantwoorden">Foutantwoorden</a></li></ol>
</nav>
<main id="aanroepen" tabindex="-1">
${sections}
${errorSection(errorShapes)}
</main>
</body>
</html>
`;
};
