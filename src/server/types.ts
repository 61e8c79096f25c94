import type { Permission } from '../domain/permissions';
import type { Config } from './config';
import type { Db } from './db';
import type { MailLimits, Mailer } from './services/mail';
import type { BackgroundTasks } from './services/backgroundTasks';
import type { RateLimits } from './services/rateLimiter';
import type { PortalMetrics } from './plugins/metrics';
import type { Actor } from './services/auth/actor';
import type { TokenService } from './services/auth/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anonymous callers. */
    public?: boolean;
    /** Required permission, checked by the auth hook before validation and the handler. */
    permission?: Permission;
    /**
     * Open to a session that may only set up two-factor login (provider staff without it, docs/rules.md, 'Two-factor login'):
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
    /** Set on SIGTERM: readiness answers 503 so the load balancer sends nothing new (server.ts). */
    lifecycle: { draining: boolean };
  }
  interface FastifyRequest {
    actor: Actor;
  }
}
