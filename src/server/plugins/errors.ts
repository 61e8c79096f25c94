import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';

/** Thrown by handlers and services for an answer with a status and a (Dutch) message. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    /** Details of a 400: the fields (or, for a file, the lines) that are wrong. */
    public errors?: ({ field: string; message: string } | { line: number; message: string })[],
  ) {
    super(message);
  }
}

const GENERIC = 'Er is een fout opgetreden. Probeer het later opnieuw.';

/** One error handler: validation as 400 with field errors, known statuses as sent, 5xx hidden. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        const errors = error.validation.map((v) => ({
          field:
            (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
            String((v.params as { missingProperty?: string }).missingProperty ?? ''),
          message: v.message ?? 'ongeldig',
        }));
        return reply.code(400).send({ message: 'Ongeldige invoer.', errors });
      }
      if (error instanceof HttpError && error.errors) {
        return reply.code(error.statusCode).send({ message: error.message, errors: error.errors });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ message: GENERIC });
      }
      if (status === 429) return reply.code(429).send({ message: 'Te veel pogingen. Probeer het later opnieuw.' });
      if (status === 413) return reply.code(413).send({ message: 'Het bestand is te groot.' });
      return reply.code(status).send({ message: error.message });
    });
  },
  { name: 'errors' },
);
