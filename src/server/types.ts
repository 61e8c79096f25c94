import type { Permission, PermissionMap } from '../domain/permissions';
import type { Config } from './config';
import type { Db } from './db';
import type { MailLimits, Mailer } from './plugins/mail';
import type { BackgroundTasks } from './services/backgroundTasks';
import type { RateLimits } from './services/rateLimiter';
import type { PortalMetrics } from './plugins/metrics';
import type { SessionScope } from './services/auth/sessions';
import type { TokenService } from './services/auth/tokens';

/** Who is asking, and for which company (decisions section 2). */
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anonymous callers. */
    public?: boolean;
    /** Required permission, checked by the auth hook before validation and the handler. */
    permission?: Permission;
    /**
     * Open to a session that may only set up two-factor login (provider staff without it, issue 21):
     * the setup calls themselves, and what the setup screen needs (logout, refresh, policies).
     */
    twoFactorSetup?: boolean;
  }
  interface FastifyInstance {
    db: Db;
    config: Config;
    tokens: TokenService;
    mailer: Mailer;
    mailLimits: MailLimits;
    /** Makes the rate limiters (login, reset); in Redis when REDIS_URL is set. */
    rateLimits: RateLimits;
    metrics: PortalMetrics;
    /** Work started by a request and not waited for (the reset mail). */
    backgroundTasks: BackgroundTasks;
  }
  interface FastifyRequest {
    actor: Actor;
  }
}
