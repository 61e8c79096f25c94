/**
 * The addresses of 'Mijn account' and of the links in its e-mails. The link to /mijn-account is in
 * base/paths.ts (paths.account), as the header links to it as well; the e-mails' links are made by
 * the server.
 */
export const ACCOUNT = 'mijn-account';
export const CONFIRM_EMAIL = 'e-mail-bevestigen';
export const CANCEL_EMAIL_CHANGE = 'e-mail-annuleren';
