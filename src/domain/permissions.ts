/** Permission names of docs/permissions.md, 'Permissions'; the server answers a map of all of them. */
export const PERMISSIONS = [
  'CREATE_COMPANY',
  'LIST_USERS',
  'LIST_COMPANIES',
  'LIST_PARENT_COMPANIES',
  'LIST_ALL_ARTICLE_GROUPS',
  'CREATE_ARTICLE',
  'CREATE_SERVICE',
  'EDIT_SPIE_FIELDS',
  'EDIT_FREE_FIELDS',
  'EDIT_START_SERVICE',
  'STOP_SERVICE',
  'EDIT_CATEGORY_FIELDS',
  'EDIT_PARENT_COMPANY',
  'CREATE_USER',
  'BULK_IMPORT',
  'EDIT_ARTICLE_GROUPS',
  'UPLOAD_CDR',
  'EDIT_BULK_SERVICES',
  // docs/permissions.md, 'Who may edit prices': prices feed the billing export.
  'EDIT_PRICES',
  // docs/requests.md, 'Who may do what': asking the provider, approving a colleague's request, working the queue.
  'REQUEST_CHANGES',
  'APPROVE_REQUESTS',
  'HANDLE_REQUESTS',
] as const;

export type Permission = (typeof PERMISSIONS)[number];
export type PermissionMap = Record<Permission, boolean>;

export const ROLE = { superadmin: 1, admin: 2, endUser: 3, unauthorized: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'superadmin',
  2: 'admin',
  3: 'endUser',
  4: 'unauthorized',
};

/** Provider staff: superadmin and admin (docs/permissions.md, 'Roles'). */
export const isProviderStaff = (roleId: number): boolean =>
  roleId === ROLE.superadmin || roleId === ROLE.admin;

const PROVIDER_ONLY: Permission[] = [
  'CREATE_COMPANY',
  'LIST_COMPANIES',
  'LIST_PARENT_COMPANIES',
  'LIST_ALL_ARTICLE_GROUPS',
  'EDIT_ARTICLE_GROUPS',
  'UPLOAD_CDR',
  'EDIT_SPIE_FIELDS',
  // docs/permissions.md, 'Who may edit prices': the catalogue's prices are the provider's, so are new articles.
  'CREATE_ARTICLE',
  'EDIT_PRICES',
  'HANDLE_REQUESTS',
];

/** The seeded defaults of docs/permissions.md, 'Permissions' (role x permission). */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleId, Permission[]> = {
  1: [...PERMISSIONS],
  2: [...PERMISSIONS],
  3: PERMISSIONS.filter((p) => !PROVIDER_ONLY.includes(p)),
  4: [],
};

export const emptyPermissionMap = (): PermissionMap =>
  Object.fromEntries(PERMISSIONS.map((p) => [p, false])) as PermissionMap;

export const toPermissionMap = (granted: Iterable<string>): PermissionMap => {
  const map = emptyPermissionMap();
  for (const name of granted) if (name in map) map[name as Permission] = true;
  return map;
};

/**
 * A user's permissions: the role's, narrowed by the user's own mark. APPROVE_REQUESTS holds only
 * for a user marked 'Mag aanvragen goedkeuren' (docs/requests.md, 'Approval'): permissions are
 * per role, and a company chooses which of its people approve.
 */
export const userPermissionMap = (roleGrants: Iterable<string>, user: { approvesRequests: boolean }): PermissionMap => {
  const map = toPermissionMap(roleGrants);
  if (!user.approvesRequests) map.APPROVE_REQUESTS = false;
  return map;
};
