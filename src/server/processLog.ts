/**
 * One JSON line per message on stdout, in the shape of the app's own logger (pino: `level`, `time`,
 * `msg`), for what the process says before the app exists or after it has closed: every log line
 * of the portal is JSON (docs/operations.md, 'Logs, request ids and metrics').
 */
const write = (level: number, msg: string, details: object = {}) =>
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, ...details, msg })}\n`);

export const processLog = {
  info: (message: string, details?: object) => write(30, message, details),
  warn: (details: object, message: string) => write(40, message, details),
  error: (details: object, message: string) => write(50, message, details),
};
