/** POST self (spec §7): the caller's profile, or their password (with the current one). */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selfPasswordRequestSchema, selfProfileRequestSchema } from '@airman/contracts/api.ts';
import type { Role } from '@airman/contracts/constants.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../lib/http-error.ts';
import { caller } from '../../plugins/auth.ts';
import { presentUser } from '../../users/presenter.ts';
import { assignmentsOf, findUserById } from '../../users/repository.ts';
import { isUniqueViolation } from '../../users/update-user.ts';

export function selfRoutes(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.post('/api/self', async (request) => {
    const { row } = caller(request);
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === 'object' && 'password' in body) {
      const { password, current_password } = parseInput(selfPasswordRequestSchema, body);
      if (!(await verifyPassword(row.password_hash, current_password))) {
        throw new HttpError(400, 'current_password: the current password is not correct');
      }
      // Other sessions end; this one gets a fresh token so the user stays signed in.
      const [updated] = await db
        .update(users)
        .set({ password_hash: await hashPassword(password), token_version: sql`${users.token_version} + 1` })
        .where(eq(users.id, row.id))
        .returning({ token_version: users.token_version });
      return { auth: await tokens.sign({ user_id: row.id, user_role: row.role as Role, tv: updated!.token_version }) };
    }
    const profile = parseInput(selfProfileRequestSchema, body);
    const emailChanged = profile.user_name !== row.user_name;
    try {
      await db
        .update(users)
        .set({ ...profile, ...(emailChanged ? { token_version: sql`${users.token_version} + 1` } : {}) })
        .where(eq(users.id, row.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, `The e-mail ${profile.user_name} is already in use`);
      throw error;
    }
    const saved = await findUserById(db, row.id);
    return presentUser(saved!, await assignmentsOf(db, row.id), { withInviteCode: false });
  });
}
