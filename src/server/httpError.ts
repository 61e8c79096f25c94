/**
 * A refusal the caller gets as it is: the status and the Dutch message (and, for a 400, what is
 * wrong per field or line). Thrown by handlers and services; plugins/errors.ts answers it.
 */
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
