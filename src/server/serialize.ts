/** Times travel as Unix seconds (docs/api.md, 'Answers'); a time that is always there is always a number. */
export function toEpoch(date: Date): number;
export function toEpoch(date: Date | null | undefined): number | null;
export function toEpoch(date: Date | null | undefined): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

export const fromEpoch = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
