/** Training records as the server answers them, checked against the contract's schema. */
import {
  certificateVerificationSchema,
  trainingRecordSchema,
  type CertificateVerification,
  type RecordAssignment,
  type TrainingRecord,
} from '@airman/contracts/record.ts';
import { makeRecordAssignment } from '@airman/contracts/test-assignments.ts';

export const CERT_CODE = 'AbCdEfGhIjKlMnOpQrStUv';

/** A completed assignment with two runs (the newest complete, 3 stars) and its certificate. */
export function completedAssignment(overrides: Partial<RecordAssignment> = {}): RecordAssignment {
  return {
    module: 'fitness',
    title: 'Fitness Basics',
    status: 'complete',
    assigned_at: Date.UTC(2026, 0, 5),
    due_at: Date.UTC(2026, 1, 1),
    completed_at: Date.UTC(2026, 1, 3, 15),
    late: true,
    best: { score: 640, stars: 3 },
    renews_at: Date.UTC(2027, 1, 3, 15),
    certificate: { code: CERT_CODE, expires_at: Date.UTC(2027, 1, 3, 15) },
    runs: [
      {
        id: 'run-2',
        started_at: Date.UTC(2026, 1, 3, 14),
        finished_at: Date.UTC(2026, 1, 3, 15),
        status: 'complete',
        score: 640,
        stars: 3,
      },
      {
        id: 'run-1',
        started_at: Date.UTC(2026, 1, 2, 9),
        finished_at: Date.UTC(2026, 1, 2, 9, 30),
        status: 'failed',
        score: 120,
        stars: 0,
      },
    ],
    ...overrides,
  };
}

/** An assignment not started yet: no run, no result, no certificate. */
export function untouchedAssignment(overrides: Partial<RecordAssignment> = {}): RecordAssignment {
  return makeRecordAssignment('sleep', { title: 'Sleep Well', assigned_at: Date.UTC(2026, 0, 5), ...overrides });
}

/** A record, parsed by the contract's schema so that a test never serves what the server could not. */
export function makeRecord(assignments: RecordAssignment[]): TrainingRecord {
  return trainingRecordSchema.parse({ assignments });
}

export function makeVerification(overrides: Partial<CertificateVerification> = {}): CertificateVerification {
  return certificateVerificationSchema.parse({
    valid: true,
    name: 'SrA Jane Doe',
    module: 'Fitness Basics',
    completed_at: Date.UTC(2026, 1, 3, 15),
    expires_at: Date.UTC(2027, 1, 3, 15),
    ...overrides,
  });
}

/** Stands in for the browser's saving of a download: the saved files' names, in order. */
export function catchDownloads(): { names: string[]; restore(): void } {
  const names: string[] = [];
  const create = URL.createObjectURL;
  const revoke = URL.revokeObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = () => 'blob:download';
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function saveLink(this: HTMLAnchorElement) {
    if (this.download) names.push(this.download);
  };
  return {
    names,
    restore() {
      URL.createObjectURL = create;
      URL.revokeObjectURL = revoke;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}
