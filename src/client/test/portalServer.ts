import { emptyPermissionMap, type PermissionMap } from '../../domain/permissions';
import { json, mockServer, type Routes } from './http';

export const customer = {
  id: 5,
  firstname: 'Anna',
  lastname: 'van Dijk',
  email: 'klant@demo.nl',
  phonenumber: '0612345678',
  company_id: 20,
  role_id: 3,
  company: { id: 20, name: 'Van Dijk Installatietechniek B.V.' },
};

export const articleGroups = [
  { id: 1, name: 'Mobiele telefonie', icon: 'mobile', fields: [] },
  { id: 4, name: 'Hardware', icon: 'hardware', fields: [] },
];

export const permissions = (...granted: (keyof PermissionMap)[]): PermissionMap => ({
  ...emptyPermissionMap(),
  ...Object.fromEntries(granted.map((permission) => [permission, true])),
});

/** The API answers a logged-in screen needs, for the demo customer; override per test. */
export const mockPortal = (overrides: Routes = {}) =>
  mockServer({
    'GET /api/auth/policies': () => json(200, permissions('CREATE_SERVICE')),
    'GET /api/users/5': () => json(200, customer),
    'GET /api/article-groups/visible': () => json(200, articleGroups),
    'GET /api/article-groups/count': () => json(200, [{ id: 1, services_count: 12 }, { id: 4, services_count: 1 }]),
    'GET /api/costs/hasgroupbundle': () => json(200, { has_group_bundle: false }),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    ...overrides,
  });
