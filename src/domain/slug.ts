/** docs/screens.md, 'Slugs': slugs are lowercased names with spaces as dashes, URL-encoded. */
export const toSlug = (name: string): string =>
  encodeURIComponent(name.trim().toLowerCase().replace(/\s+/g, '-'));

export const endUserSlug = (endUser: { firstname: string; lastname: string } | null | undefined): string =>
  endUser ? toSlug(`${endUser.firstname} ${endUser.lastname}`) : 'geen-gebruiker';
