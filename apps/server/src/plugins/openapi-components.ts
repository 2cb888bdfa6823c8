/**
 * The named parts of the OpenAPI document (plugins/openapi.ts): its tags, one per
 * server feature, and the schemas it names under components/schemas, which every
 * operation refers to by `$ref` instead of repeating them.
 *
 * A schema is named by giving the very zod object the routes use an `id` in zod's
 * global registry, which also holds the schemas' descriptions; it is done here, on
 * the server, so the contracts the web app bundles carry no documentation names.
 * Where a named schema is read in a request it gets a second component, `<Name>Input`,
 * since what a client may send (defaults left out) differs from what it gets back.
 */
import { trainingRecordSchema } from '@airman/contracts/record.ts';
import { z } from 'zod';
import { errorResponseSchema, moduleWithProblemSchema } from '@airman/contracts/api.ts';
import { auditEntrySchema, moduleVersionSummarySchema } from '@airman/contracts/audit.ts';
import { bulkUserResultSchema } from '@airman/contracts/bulk-users.ts';
import { sentEmailSchema } from '@airman/contracts/emails.ts';
import { gameAssignmentSchema, gameCommandSchema, runScoreSchema } from '@airman/contracts/game.ts';
import { inviteFileInviteeSchema } from '@airman/contracts/invite-file.ts';
import {
  actionSchema,
  eventChoiceSchema,
  gameEventSchema,
  moduleSchema,
  objectiveSchema,
  resourceSchema,
  scoringSchema,
} from '@airman/contracts/module.ts';
import { statusCountsSchema } from '@airman/contracts/progress.ts';
import { questionnaireAnswersSchema, questionnaireSchema } from '@airman/contracts/questionnaire.ts';
import { assignmentSchema, signInStatusSchema, userSchema } from '@airman/contracts/user.ts';

/** The document's tags, in the order the reference lists them: one per feature of apps/server/src/features. */
export const API_TAGS = [
  { name: 'Sessions', description: 'Signing in and out, the session and its token.' },
  {
    name: 'Provider sign-in',
    description: "Signing in through the organization's identity provider (OpenID Connect).",
  },
  { name: 'Passwords', description: 'A forgotten password: the e-mailed link and the new password.' },
  { name: 'Invites', description: 'Inviting people, resending invites, and registering with an invite code.' },
  { name: 'Invite file', description: 'Inviting many people from a CSV file, with a dry run first.' },
  { name: 'Profile', description: "The caller's own profile and password." },
  {
    name: 'Users',
    description:
      'The users list and one user: details, modules, sign-in lock; the units users are in. Administrators only.',
  },
  { name: 'Bulk actions', description: 'One action on many users at once. Administrators only.' },
  { name: 'Modules', description: 'Training modules, their saved versions and archiving. Administrators only.' },
  { name: 'Questionnaire', description: 'The questionnaire asked before and after a module.' },
  { name: 'Game', description: "The caller's assignments and the runs of the game that plays them." },
  {
    name: 'Training record',
    description:
      "A trainee's record of assignments, runs and certificates; certificates and their public check; reminders to overdue trainees.",
  },
  { name: 'Progress', description: 'Progress at a glance across users and modules. Administrators only.' },
  { name: 'Reports', description: 'The module report (CSV) and the xAPI export. Administrators only.' },
  { name: 'E-mails', description: "A user's e-mail history and an administrator's digest setting." },
  { name: 'Audit', description: 'The audit log of what administrators changed. Administrators only.' },
  { name: 'Operations', description: 'Health and readiness, for load balancers and monitoring.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

const NAMED: [z.ZodType, string][] = [
  [errorResponseSchema, 'Error'],
  [userSchema, 'User'],
  [assignmentSchema, 'Assignment'],
  [signInStatusSchema, 'SignInStatus'],
  [moduleSchema, 'Module'],
  [moduleWithProblemSchema, 'ModuleWithProblem'],
  [objectiveSchema, 'Objective'],
  [resourceSchema, 'Resource'],
  [actionSchema, 'Action'],
  [gameEventSchema, 'GameEvent'],
  [eventChoiceSchema, 'EventChoice'],
  [scoringSchema, 'Scoring'],
  [moduleVersionSummarySchema, 'ModuleVersionSummary'],
  [questionnaireSchema, 'Questionnaire'],
  [questionnaireAnswersSchema, 'QuestionnaireAnswers'],
  [gameAssignmentSchema, 'GameAssignment'],
  [gameCommandSchema, 'GameCommand'],
  [runScoreSchema, 'RunScore'],
  [statusCountsSchema, 'StatusCounts'],
  [sentEmailSchema, 'SentEmail'],
  [bulkUserResultSchema, 'BulkUserResult'],
  [inviteFileInviteeSchema, 'InviteFileInvitee'],
  [auditEntrySchema, 'AuditEntry'],
  [trainingRecordSchema, 'TrainingRecord'],
];
for (const [schema, id] of NAMED) {
  const meta = z.globalRegistry.get(schema);
  if (meta?.id !== id) z.globalRegistry.add(schema, { ...meta, id });
}
