import type { requests } from '../../db/schema';

/** A request as stored (docs/requests.md). */
export type RequestRow = typeof requests.$inferSelect;

/** What the handler enters when carrying out (routes/requests/schemas.ts, carryOutBody). */
export interface CarryOutInput {
  simNumber?: string;
  articleId?: number;
  startDate?: string;
  endUserId?: number | null;
}
