import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { companies } from './companies';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const permissions = pgTable('permissions', {
  name: text('name').primaryKey(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionName: text('permission_name')
      .notNull()
      .references(() => permissions.name, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionName] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phonenumber: text('phonenumber'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    /** 'Mag aanvragen goedkeuren': a customer user approves colleagues' requests only when marked (docs/requests.md, 'Approval'). */
    approvesRequests: boolean('approves_requests').notNull().default(true),
    /** 'Ontvangt kostenspecificatie': mailed the company's final cost specification (docs/cost-specification.md, 'Mail'). */
    receivesCostSpecification: boolean('receives_cost_specification').notNull().default(false),
    /**
     * Two-factor login (docs/rules.md, 'Two-factor login'; TOTP, RFC 6238): the secret, encrypted with the key from the
     * environment (AES-256-GCM). Set when the user starts to set it up; it holds for login only
     * once `totpEnabledAt` is set (the user has entered a code of it).
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    /** The last time step whose code was accepted: a code works once (RFC 6238 section 5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

/** docs/rules.md, 'Tokens and sessions': sessions live in the database so they can be revoked at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    /** The refresh secret's hash before the last rotation, accepted for a few seconds after it (sessions.ts). */
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: instant('rotated_at'),
    createdAt: createdAt(),
    lastRefreshAt: instant('last_refresh_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** The browser's User-Agent at login, for the list of the user's active sessions ('Mijn account'). */
    userAgent: text('user_agent'),
    /**
     * 'full', or 'two-factor-setup': a session of a user who must have two-factor login and has
     * not set it up yet (provider staff, or a company that requires it) can only set it up.
     */
    scope: text('scope', { enum: ['full', 'two-factor-setup'] }).notNull().default('full'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** docs/rules.md, 'Two-factor login': ten single-use recovery codes per user with two-factor login, stored only as a hash. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The challenge of a two-factor login (services/auth/twoFactor.ts): the HMAC-signed challenge names
 * its row, which holds for one login, for CHALLENGE_CODE_TRIES codes, and until the user's password
 * changes or they log out everywhere (the row is then deleted).
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    codesTried: integer('codes_tried').notNull().default(0),
    usedAt: instant('used_at'),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId), index('login_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Acting for another company ('Beheren', docs/permissions.md, 'Managing a company'): who, for which company, why, from when, and
 * until when. It ends by itself an hour after it started (`expiresAt`), or earlier when the user
 * stops (`endedAt`); a token acting for the company names its row and holds only while it is live.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (t) => [index('impersonations_session_idx').on(t.sessionId), index('impersonations_company_idx').on(t.companyId, t.startedAt)],
);

/**
 * Single-use reset, activation and e-mail change tokens, stored only as a hash; and the link that
 * cancels an e-mail change ('email-cancel', mailed to the old address: docs/security.md).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reset', 'activation', 'email', 'email-cancel'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Kind 'email' ('Mijn account', docs/rules.md, 'Pending address changes'): the new address, taken when its link is opened. */
    newEmail: text('new_email'),
    /** Kind 'email-cancel': the address before the change, restored if the change was confirmed. */
    previousEmail: text('previous_email'),
    /** Kind 'email-cancel': the change it cancels (kind 'email'). */
    changeTokenId: integer('change_token_id').references((): AnyPgColumn => authTokens.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);
