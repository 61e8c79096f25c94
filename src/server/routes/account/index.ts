import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { newPasswordWeakness } from '../../services/auth/accounts';
import { hashPassword } from '../../services/auth/password';
import { revokeUserSessions } from '../../services/auth/sessions';
import { audit } from '../../services/audit';
import { limitedPerUser, passwordChecksOf } from '../passwordChecks';
import { errorResponses, noContent, type RouteApp } from '../schemas';
import { changedUserFields, validateUserFields } from '../userFields';
import emailRoutes from './email';
import {
  accountDto,
  assertCurrentPassword,
  findAccount,
  ownAccountActor,
  pendingEmailChange,
  voidLinks,
} from './repository';
import { accountAnswer, passwordChangeInput, profileInput } from './schemas';
import sessionRoutes from './sessions';
import twoFactorRoutes from './twoFactor';

/**
 * 'Mijn account': the logged-in user's own account, always the user's own, also while
 * managing another company (the token's `sub`). No permission: everyone has an account.
 */
export default async function accountRoutes(app: RouteApp) {
  const passwordChecks = passwordChecksOf(app);

  const ownAccount = async (userId: number) => {
    const user = await findAccount(app.db, userId);
    // The session is live, so its user exists; a user removed mid-request is gone like a 404.
    if (!user) throw new HttpError(404, 'Account niet gevonden.');
    return user;
  };

  app.get('/account', { schema: { response: { 200: accountAnswer, ...errorResponses } } }, async (request) => {
    const user = await ownAccount(request.actor.userId);
    return accountDto(user, await pendingEmailChange(app.db, user.id));
  });

  app.put(
    '/account',
    { schema: { body: profileInput, response: { 200: accountAnswer, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const user = await ownAccount(actor.userId);
      // The rules of the contact person form (docs/screens.md, 'Contact person form'), with the address as it is.
      const { firstname, lastname, phonenumber } = validateUserFields(request.body, user);
      const changes = changedUserFields(user, { firstname, lastname, phonenumber, email: user.email, role_id: user.roleId });
      const updated = await app.db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ firstname, lastname, phonenumber }).where(eq(users.id, user.id)).returning();
        if (Object.keys(changes).length > 0) {
          await audit(tx, ownAccountActor(actor), 'user.update', 'user', user.id, { firstname, lastname, ...changes });
        }
        return row;
      });
      return accountDto(updated, await pendingEmailChange(app.db, user.id));
    },
  );

  app.put(
    '/account/password',
    {
      preHandler: limitedPerUser(passwordChecks),
      schema: { body: passwordChangeInput, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor } = request;
      const user = await ownAccount(actor.userId);
      await assertCurrentPassword(user, request.body.current_password, 'current_password', request.ip);
      // The reset screen's rule (NIST SP 800-63B): long enough, not common, not the user's own name.
      const weakness = await newPasswordWeakness(app.db, request.body.password, user);
      if (weakness) throw new HttpError(400, weakness, [{ field: 'password', message: weakness }]);
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        // Whoever else holds a session, a reset link or a pending address change had it with the
        // old password: it ends here. This session stays, so the user goes on where they are.
        await revokeUserSessions(tx, user.id, { except: actor.sessionId });
        await voidLinks(tx, user.id, ['reset', 'activation', 'email']);
        await audit(tx, ownAccountActor(actor), 'password.change', 'user', user.id, { firstname: user.firstname, lastname: user.lastname });
      });
      return reply.code(204).send();
    },
  );

  await app.register(emailRoutes, { passwordChecks });
  await app.register(sessionRoutes);
  await app.register(twoFactorRoutes, { passwordChecks });
}
