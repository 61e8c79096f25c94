import { eq } from 'drizzle-orm';
import { toPermissionMap, type PermissionMap } from '../../../domain/permissions';
import type { Db } from '../../db';
import { rolePermissions } from '../../db/schema';

/** The role x permission table is small and changes only by migration: cache it per process. */
export const createPermissionStore = (db: Db) => {
  const cache = new Map<number, Promise<PermissionMap>>();
  const load = async (roleId: number) => {
    const rows = await db
      .select({ name: rolePermissions.permissionName })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, roleId));
    return toPermissionMap(rows.map((r) => r.name));
  };
  return {
    forRole(roleId: number): Promise<PermissionMap> {
      let entry = cache.get(roleId);
      if (!entry) {
        entry = load(roleId);
        entry.catch(() => cache.delete(roleId));
        cache.set(roleId, entry);
      }
      return entry;
    },
    clear: () => cache.clear(),
  };
};

export type PermissionStore = ReturnType<typeof createPermissionStore>;
