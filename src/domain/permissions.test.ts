import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, toPermissionMap } from './permissions';

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
