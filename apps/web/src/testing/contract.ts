/**
 * The API's contract as the component tests' server keeps it: each route's success answer is
 * checked against the route's schema in packages/contracts (the one the server answers through),
 * so a mocked answer that drifts from the contract fails the test that sent it.
 */
import { matchRequestUrl } from 'msw';
import type { SetupServer } from 'msw/node';
import type { z } from 'zod';
import {
  authResponseSchema,
  emptyResponseSchema,
  forgotResponseSchema,
  inviteLookupResponseSchema,
  inviteResponseSchema,
  modulesResponseSchema,
  moduleWithProblemSchema,
  reportTokenResponseSchema,
  selfResponseSchema,
  sessionResponseSchema,
  unitsResponseSchema,
  usersPageSchema,
} from '@airman/contracts/api.ts';
import { auditPageSchema, moduleVersionSchema, moduleVersionsResponseSchema } from '@airman/contracts/audit.ts';
import { bulkUsersResponseSchema } from '@airman/contracts/bulk-users.ts';
import { emailSettingsSchema, userEmailsResponseSchema } from '@airman/contracts/emails.ts';
import { followupResponseSchema } from '@airman/contracts/followup.ts';
import { finishRunResponseSchema, gameAssignmentSchema, startRunResponseSchema } from '@airman/contracts/game.ts';
import { inviteFileReportSchema } from '@airman/contracts/invite-file.ts';
import { moduleSchema } from '@airman/contracts/module.ts';
import { overdueTraineesResponseSchema, progressResponseSchema } from '@airman/contracts/progress.ts';
import { questionnaireSchema } from '@airman/contracts/questionnaire.ts';
import { certificateVerificationSchema, nudgeResponseSchema, trainingRecordSchema } from '@airman/contracts/record.ts';
import { providerSessionResponseSchema, signInMethodSchema, signInOptionsSchema } from '@airman/contracts/sign-in.ts';
import { signInStatusSchema, userSchema } from '@airman/contracts/user.ts';
import { describeZodError } from '@airman/contracts/zod-error.ts';

interface ContractRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As MSW matches it; a route with a fixed segment comes before one with a parameter there. */
  path: string;
  /** Its JSON success answer (routes answering a file, CSV or NDJSON are not checked). */
  answer: z.ZodType;
}

const route = (method: ContractRoute['method'], path: string, answer: z.ZodType): ContractRoute => ({
  method,
  path,
  answer,
});

/**
 * Every route that answers JSON, with the schema of its success answer (docs/api.md); the server's
 * API tests hold this list to the routes it serves (apps/server/src/plugins/web-contract.api.test.ts).
 */
export const CONTRACT_ROUTES: readonly ContractRoute[] = [
  route('POST', '/api/login', authResponseSchema),
  route('POST', '/api/login/trust', authResponseSchema),
  route('GET', '/api/session', sessionResponseSchema),
  route('POST', '/api/session/refresh', authResponseSchema),
  route('POST', '/api/logout', emptyResponseSchema),
  route('POST', '/api/password/forgot', forgotResponseSchema),
  route('POST', '/api/password/reset', emptyResponseSchema),
  route('GET', '/api/sign-in/options', signInOptionsSchema),
  route('POST', '/api/oidc/session', providerSessionResponseSchema),
  route('POST', '/api/oidc/link', authResponseSchema),
  route('GET', '/api/invite/:code', inviteLookupResponseSchema),
  route('POST', '/api/register/:code', emptyResponseSchema),
  route('POST', '/api/self', selfResponseSchema),
  route('GET', '/api/self/email-settings', emailSettingsSchema),
  route('POST', '/api/self/email-settings', emailSettingsSchema),
  route('GET', '/api/self/record', trainingRecordSchema),
  route('GET', '/api/certificates/:code', certificateVerificationSchema),
  route('GET', '/api/followups/:id', followupResponseSchema),
  route('POST', '/api/followups/:id', followupResponseSchema),
  route('GET', '/api/game/assignments', gameAssignmentSchema.array()),
  route('POST', '/api/game/runs', startRunResponseSchema),
  route('POST', '/api/game/runs/:id/progress', emptyResponseSchema),
  route('POST', '/api/game/runs/:id/answers', emptyResponseSchema),
  route('POST', '/api/game/runs/:id/finish', finishRunResponseSchema),
  route('POST', '/api/game/runs/:id/quit', emptyResponseSchema),
  route('GET', '/api/modules', modulesResponseSchema),
  route('POST', '/api/modules', moduleSchema),
  route('GET', '/api/modules/questionnaire', questionnaireSchema),
  route('PUT', '/api/modules/questionnaire', questionnaireSchema),
  route('GET', '/api/modules/:id', moduleSchema.or(moduleWithProblemSchema)),
  route('PUT', '/api/modules/:id', moduleSchema),
  route('DELETE', '/api/modules/:id', moduleSchema),
  route('GET', '/api/modules/:id/versions', moduleVersionsResponseSchema),
  route('GET', '/api/modules/:id/versions/:n', moduleVersionSchema),
  route('POST', '/api/modules/:id/versions/:n/restore', moduleSchema),
  route('POST', '/api/modules/:id/unarchive', moduleSchema),
  route('GET', '/api/admin/users', usersPageSchema),
  route('GET', '/api/admin/units', unitsResponseSchema),
  route('POST', '/api/admin/users/bulk', bulkUsersResponseSchema),
  route('GET', '/api/admin/users/:id', userSchema),
  route('POST', '/api/admin/users/:id', userSchema),
  route('DELETE', '/api/admin/users/:id', emptyResponseSchema),
  route('POST', '/api/admin/users/:id/assign', userSchema),
  route('DELETE', '/api/admin/users/:id/assign/:moduleId', userSchema),
  route('GET', '/api/admin/users/:id/sign-in', signInStatusSchema),
  route('DELETE', '/api/admin/users/:id/sign-in', signInStatusSchema),
  route('GET', '/api/admin/users/:id/sign-in-method', signInMethodSchema),
  route('DELETE', '/api/admin/users/:id/provider-link', signInMethodSchema),
  route('GET', '/api/admin/users/:id/emails', userEmailsResponseSchema),
  route('GET', '/api/admin/users/:id/record', trainingRecordSchema),
  route('POST', '/api/admin/users/:id/reinvite', emptyResponseSchema),
  route('PUT', '/api/admin/invite', inviteResponseSchema),
  route('POST', '/api/admin/invite/file/check', inviteFileReportSchema),
  route('POST', '/api/admin/invite/file', inviteFileReportSchema),
  route('POST', '/api/admin/reminders/nudge', nudgeResponseSchema),
  route('POST', '/api/admin/reports/token', reportTokenResponseSchema),
  route('GET', '/api/admin/progress', progressResponseSchema),
  route('GET', '/api/admin/progress/overdue-trainees', overdueTraineesResponseSchema),
  route('GET', '/api/admin/audit', auditPageSchema),
];

/** What is wrong with a JSON success answer to this call by the contract; undefined when it keeps to it. */
export function contractProblem(method: string, url: string, answer: unknown): string | undefined {
  const { pathname } = new URL(url);
  const found = CONTRACT_ROUTES.find((r) => r.method === method && matchRequestUrl(new URL(url), r.path).matches);
  if (!found) {
    return `${method} ${pathname} was answered with JSON, but no route of the contract (apps/web/src/testing/contract.ts) is ${method} ${pathname}`;
  }
  const result = found.answer.safeParse(answer);
  if (result.success) return undefined;
  return `${method} ${pathname} was answered with what the contract of ${found.method} ${found.path} refuses: ${describeZodError(result.error)}`;
}

/**
 * The contract problems of the answers a server mocks: `watch` listens to its answers (again
 * after its listeners are removed), `verify` waits for the answers seen so far to be read and
 * throws one error naming every problem, once.
 */
export class MockedAnswers {
  private problems: string[] = [];
  private reading: Promise<void>[] = [];

  watch(server: SetupServer): void {
    server.events.on('response:mocked', ({ request, response }) => {
      const json = response.headers.get('content-type')?.includes('json') ?? false;
      if (!response.ok || !json) return;
      const { method, url } = request;
      this.reading.push(
        response
          .clone()
          .json()
          .then(
            (answer: unknown) => contractProblem(method, url, answer),
            (error: unknown) =>
              `${method} ${new URL(url).pathname} was answered with JSON that does not parse: ${String(error)}`,
          )
          .then((problem: string | undefined) => {
            if (problem) this.problems.push(problem);
          }),
      );
    });
  }

  async verify(): Promise<void> {
    await Promise.all(this.reading);
    const problems = this.problems;
    this.problems = [];
    this.reading = [];
    if (problems.length > 0) throw new Error(`A mocked answer breaks the API's contract:\n${problems.join('\n')}`);
  }
}

/** The web tests' one watch over the answers of the test server (apps/web/test/setup.ts). */
export const mockedAnswers = new MockedAnswers();
