/** Times travel as Unix seconds (docs/api.md, 'Answers'). */
export const toEpoch = (date: Date | null | undefined): number | null =>
  date ? Math.floor(date.getTime() / 1000) : null;

export const fromEpoch = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

export const nullableString = { type: ['string', 'null'] } as const;
export const nullableInteger = { type: ['integer', 'null'] } as const;
export const nullableNumber = { type: ['number', 'null'] } as const;
