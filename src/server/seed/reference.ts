import { sql } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, ROLE_NAMES, type RoleId } from '../../domain/permissions';
import { queryRows, type Db } from '../db';
import { articleGroupFields, articleGroups, billingCycles, permissions, rolePermissions, roles } from '../db/schema';

/** docs/costs.md, '2. Billing cycles and periods': billing cycle ids and their length in months. */
export const BILLING_CYCLES = [
  { id: 1, name: 'Maandelijks', months: 1 },
  { id: 2, name: 'Per kwartaal', months: 3 },
  { id: 3, name: 'Per halfjaar', months: 6 },
  { id: 4, name: 'Jaarlijks', months: 12 },
];

/** docs/rules.md, 'Article groups': the seed article groups, in this order, with their category fields. */
export const ARTICLE_GROUPS = [
  {
    name: 'Mobiele telefonie',
    icon: 'mobile',
    fields: [
      { name: 'Telefoonnummer', usedForCdr: true },
      { name: 'SIM nummer', usedForCdr: false },
      { name: 'Data', usedForCdr: false },
    ],
  },
  { name: 'Vaste telefonie', icon: 'phone', fields: [{ name: 'Telefoonnummer', usedForCdr: true }] },
  { name: 'Applicaties', icon: 'apps', fields: [{ name: 'Licentiecode', usedForCdr: false }] },
  { name: 'Hardware', icon: 'hardware', fields: [{ name: 'Serienummer', usedForCdr: false }] },
  { name: 'Hosting', icon: 'hosting', fields: [{ name: 'Domeinnaam', usedForCdr: false }] },
  { name: 'Connectiviteit', icon: 'connectivity', fields: [{ name: 'Lijnnummer', usedForCdr: false }] },
  { name: 'Diensten', icon: 'services', fields: [] },
];

/** Reference data every installation needs; safe to run at every start. */
export const seedReferenceData = async (db: Db): Promise<void> => {
  await db
    .insert(roles)
    .values(Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name })))
    .onConflictDoNothing();
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  const [{ count }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from role_permissions`);
  if (count === 0) {
    const grants = Object.entries(DEFAULT_ROLE_PERMISSIONS).flatMap(([roleId, names]) =>
      names.map((permissionName) => ({ roleId: Number(roleId) as RoleId, permissionName })),
    );
    await db.insert(rolePermissions).values(grants).onConflictDoNothing();
  }
  await db.insert(billingCycles).values(BILLING_CYCLES).onConflictDoNothing();
  const [{ groups }] = await queryRows<{ groups: number }>(db, sql`select count(*)::int as groups from article_groups`);
  if (groups === 0) {
    for (const [index, group] of ARTICLE_GROUPS.entries()) {
      const [row] = await db
        .insert(articleGroups)
        .values({ name: group.name, icon: group.icon, sortOrder: index + 1 })
        .returning({ id: articleGroups.id });
      if (group.fields.length > 0) {
        await db.insert(articleGroupFields).values(group.fields.map((f) => ({ ...f, articleGroupId: row.id })));
      }
    }
  }
};
