/**
 * The header the portal's own session calls (refresh, logout) carry and the server requires of
 * them. Those calls act on the refresh cookie, which the browser sends with any request to the
 * portal's address, also one a foreign page makes it send (a form posted to /api/auth/logout). Such
 * a page can set neither a header of its own nor a JSON content type without the browser asking
 * the portal first (CORS), which it does not allow.
 */
export const FROM_PORTAL_HEADER = { name: 'x-requested-with', value: 'mijn-portaal' } as const;
