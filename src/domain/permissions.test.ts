import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, toPermissionMap, userPermissionMap } from './permissions';

describe('default role permissions', () => {
  it('gives provider staff everything and the unauthorized role nothing', () => {
    expect(DEFAULT_ROLE_PERMISSIONS[1]).toEqual([...PERMISSIONS]);
    expect(DEFAULT_ROLE_PERMISSIONS[2]).toEqual([...PERMISSIONS]);
    expect(DEFAULT_ROLE_PERMISSIONS[4]).toEqual([]);
  });

  it('keeps the provider-only permissions from customer users', () => {
    const customer = toPermissionMap(DEFAULT_ROLE_PERMISSIONS[3]);
    for (const p of ['CREATE_COMPANY', 'LIST_COMPANIES', 'LIST_PARENT_COMPANIES', 'LIST_ALL_ARTICLE_GROUPS', 'EDIT_ARTICLE_GROUPS', 'UPLOAD_CDR', 'EDIT_SPIE_FIELDS', 'CREATE_ARTICLE', 'EDIT_PRICES'] as const) {
      expect(customer[p]).toBe(false);
    }
    for (const p of ['LIST_USERS', 'CREATE_SERVICE', 'EDIT_FREE_FIELDS', 'EDIT_START_SERVICE', 'STOP_SERVICE', 'EDIT_CATEGORY_FIELDS', 'EDIT_PARENT_COMPANY', 'CREATE_USER', 'BULK_IMPORT', 'EDIT_BULK_SERVICES'] as const) {
      expect(customer[p]).toBe(true);
    }
  });

  it('ignores unknown names in a permission map', () => {
    expect(Object.keys(toPermissionMap(['CREATE_USER', 'NOPE']))).toHaveLength(PERMISSIONS.length);
  });
});

describe('userPermissionMap', () => {
  it("keeps the role's permissions, and APPROVE_REQUESTS only for a user marked to approve", () => {
    const grants = ['REQUEST_CHANGES', 'APPROVE_REQUESTS', 'CREATE_SERVICE'];
    expect(userPermissionMap(grants, { approvesRequests: true })).toMatchObject({ REQUEST_CHANGES: true, APPROVE_REQUESTS: true, CREATE_SERVICE: true });
    expect(userPermissionMap(grants, { approvesRequests: false })).toMatchObject({ REQUEST_CHANGES: true, APPROVE_REQUESTS: false, CREATE_SERVICE: true });
    // The mark gives nothing the role lacks.
    expect(userPermissionMap(['REQUEST_CHANGES'], { approvesRequests: true }).APPROVE_REQUESTS).toBe(false);
  });
});
