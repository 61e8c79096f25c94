import type { RequestsQuery } from '../../api/requestsApi';

/** How many requests a card lists; 'Alle aanvragen' leads to the rest. */
const CARD_LIMIT = 5;

/**
 * The calls of the dashboard's request cards (RequestsCards.tsx), which its start-up asks too
 * (routes.tsx), so that the cards are there at the first render instead of pushing the page down
 * when they answer.
 */
export const APPROVAL_CARD_QUERY: RequestsQuery = { state: 'awaiting_approval', offset: 0, limit: CARD_LIMIT };
export const OPEN_REQUESTS_CARD_QUERY: RequestsQuery = { open: true, offset: 0, limit: CARD_LIMIT };
