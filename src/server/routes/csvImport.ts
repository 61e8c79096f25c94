import type { FastifyRequest } from 'fastify';
import { HttpError } from '../httpError';
import { MAX_IMPORT_BYTES } from '../services/endUserImport';

/**
 * The file of an all-or-nothing CSV import (docs/rules.md, 'Files'): the end users of Mijn bedrijf
 * and the provider's PUK codes. Each refusal says that nothing was imported.
 */

const NOTHING_IMPORTED = 'Er is geen data geïmporteerd.';

/**
 * The uploaded file (its name, its bytes) of multipart field `field`, or 400 'Er is geen bestand ontvangen.'; larger
 * than MAX_IMPORT_BYTES answers 413 (the multipart plugin's limit).
 */
export const uploadedCsv = async (request: FastifyRequest, field: string): Promise<{ filename: string; content: Buffer }> => {
  const noFile = new HttpError(400, `Er is geen bestand ontvangen. ${NOTHING_IMPORTED}`);
  if (!request.isMultipart()) throw noFile;
  const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES } });
  if (!file) throw noFile;
  if (file.fieldname !== field) {
    file.file.resume();
    throw noFile;
  }
  return { filename: file.filename, content: await file.toBuffer() };
};

/** 400 naming the first bad line and listing every one: the file is refused whole. */
export const refuseBadLines = (errors: { line: number; message: string }[]): never => {
  const [first] = errors;
  throw new HttpError(400, `Regel ${first.line}: ${first.message}. ${NOTHING_IMPORTED}`, errors);
};
