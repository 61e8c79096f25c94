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

const json = (value: unknown) => escapeHtml(JSON.stringify(value));

/** A schema's type in a few words: 'string', 'integer of null', 'lijst van object'. */
const typeOf = (schema: JsonSchema): string => {
  if (schema.const !== undefined) return `vast: ${json(schema.const)}`;
  if (schema.enum) return schema.enum.length === 1 && schema.enum[0] === null ? 'null' : `een van ${schema.enum.map(json).join(', ')}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.map((type) => (type === 'array' && schema.items ? `lijst van ${typeOf(schema.items)}` : type));
  if (named.length > 0) return named.join(' of ');
  if (schema.anyOf || schema.oneOf) return 'een van de vormen hieronder';
  if (schema.properties) return 'object';
  return 'elke waarde';
};

/** The limits of a value: format, pattern, lengths, range, default. */
const limitsOf = (schema: JsonSchema): string[] =>
  [
    schema.format && `formaat ${escapeHtml(schema.format)}`,
    schema.pattern && `patroon <code>${escapeHtml(schema.pattern)}</code>`,
    schema.minLength !== undefined && `minimaal ${schema.minLength} tekens`,
    schema.maxLength !== undefined && `maximaal ${schema.maxLength} tekens`,
    schema.minItems !== undefined && `minimaal ${schema.minItems} elementen`,
    schema.maxItems !== undefined && `maximaal ${schema.maxItems} elementen`,
    schema.minimum !== undefined && `minimaal ${schema.minimum}`,
    schema.maximum !== undefined && `maximaal ${schema.maximum}`,
    schema.default !== undefined && `standaard ${json(schema.default)}`,
  ].filter((limit): limit is string => Boolean(limit));

/** The parts of a schema below its own line: its fields, its list's element's fields, or its alternatives. */
const childrenOf = (schema: JsonSchema): string => {
  if (schema.properties && Object.keys(schema.properties).length > 0) return fieldList(schema);
  if (schema.items && (schema.items.properties || schema.items.anyOf || schema.items.oneOf)) return childrenOf(schema.items);
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) return `<ul>${alternatives.map((alternative) => `<li>${valueLine(alternative)}</li>`).join('')}</ul>`;
  return '';
};

/** A value without a name: its type and limits, then its parts. */
const valueLine = (schema: JsonSchema): string => {
  const limits = limitsOf(schema);
  const description = schema.description ? ` — ${escapeHtml(schema.description)}` : '';
  return `<span class="type">${typeOf(schema)}</span>${limits.length ? ` (${limits.join(', ')})` : ''}${description}${childrenOf(schema)}`;
};

/** An object's fields as a list: name, type, whether it is required, limits; nested objects as nested lists. */
const fieldList = (schema: JsonSchema): string => {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(
    ([name, field]) =>
      `<li><code class="name">${escapeHtml(name)}</code>: ${required.has(name) ? '<strong>verplicht</strong>, ' : 'optioneel, '}${valueLine(field)}</li>`,
  );
  return `<ul class="fields">${fields.join('')}</ul>`;
};

/** A body's schema per content type. */
const contentOf = (content: Record<string, Content> | undefined): string =>
  Object.entries(content ?? {})
    .map(([type, { schema }]) => `<p class="content-type">Inhoud: <code>${escapeHtml(type)}</code></p>${schema ? `<div class="schema">${valueLine(schema)}</div>` : ''}`)
    .join('');

const parametersOf = (parameters: Parameter[]) =>
  `<h4>Parameters</h4><ul class="fields">${parameters
    .map(
      (parameter) =>
        `<li><code class="name">${escapeHtml(parameter.name)}</code> ${PLACES[parameter.in] ?? escapeHtml(parameter.in)}: ${
          parameter.required ? '<strong>verplicht</strong>, ' : 'optioneel, '
        }${valueLine({ ...parameter.schema, description: parameter.description ?? parameter.schema?.description })}</li>`,
    )
    .join('')}</ul>`;

const requestBodyOf = (body: NonNullable<DocumentOperation['requestBody']>) =>
  `<h4>Verzoek</h4><p>${body.required ? 'Met een verplichte inhoud.' : 'Met een inhoud naar keuze.'}</p>${contentOf(body.content)}`;

const responsesOf = (responses: NonNullable<DocumentOperation['responses']>) =>
  `<h4>Antwoorden</h4><ul class="responses">${Object.entries(responses)
    .map(
      ([status, response]) =>
        `<li><span class="status">${escapeHtml(status)}</span> ${escapeHtml(response.description ?? '')}${contentOf(response.content)}</li>`,
    )
    .join('')}</ul>`;

const operationSection = ({ method, path, operation, anchor }: OperationEntry) => `
<section class="operation" id="${escapeHtml(anchor)}" aria-labelledby="${escapeHtml(anchor)}-titel">
  <h3 id="${escapeHtml(anchor)}-titel"><span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code> <span class="summary">${escapeHtml(operation.summary ?? '')}</span></h3>
  ${operation.description ? markdown(operation.description) : ''}
  ${operation.security && operation.security.length === 0 ? '' : '<p>Met het token: <code>Authorization: Bearer &lt;token&gt;</code>.</p>'}
  ${operation.parameters?.length ? parametersOf(operation.parameters) : ''}
  ${operation.requestBody ? requestBodyOf(operation.requestBody) : ''}
  ${operation.responses ? responsesOf(operation.responses) : ''}
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
.status{font-weight:700}
.content-type{margin:.25rem 0}
.top{margin:.75rem 0 0;font-size:.9em}
`;

/** The page: skip link, title, table of contents, then the calls per tag. */
export const apiDocsPage = (document: ApiDocument, documentUrl: string): string => {
  const groups = groupsOf(document);
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
  ${group.operations.map(operationSection).join('')}
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
  <ol>${contents}</ol>
</nav>
<main id="aanroepen" tabindex="-1">
${sections}
</main>
</body>
</html>
`;
};
