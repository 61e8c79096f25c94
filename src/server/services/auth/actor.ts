import type { PermissionMap } from '../../../domain/permissions';
import type { SessionScope } from './sessions';

/** Who is asking, and for which company (docs/permissions.md, 'The acting company'). */
export interface Actor {
  userId: number;
  roleId: number;
  /** The user's own company. */
  ownCompanyId: number;
  /** The acting company: every tenant-owned read and write is scoped to it. */
  companyId: number;
  /** The user's own company while impersonating another, else null. */
  impersonatingFrom: number | null;
  /** The impersonation the request acts in, else null: every change is logged with it. */
  impersonationId: number | null;
  sessionId: string;
  /** 'two-factor-setup': only the routes whose config says `twoFactorSetup` answer (plugins/auth.ts). */
  sessionScope: SessionScope;
  permissions: PermissionMap;
}
