import { Type, type Static } from 'typebox';

/** The answers of the support contact (docs/api.md, 'How an answer is declared'). */

/** How customers reach support (server configuration, config.ts). */
export const supportContactAnswer = Type.Object({ phone: Type.String(), email: Type.String() });
export type SupportContactAnswer = Static<typeof supportContactAnswer>;
