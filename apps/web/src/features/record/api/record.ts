/**
 * The training record's calls (docs/api.md "Training record"): a trainee's own record and
 * certificates, and the public check of a certificate code.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateVerification, TrainingRecord } from '@airman/contracts/record.ts';
import { ANONYMOUS, ApiError, api, getJson } from '#lib/api-client.ts';
import { saveDownload } from '#lib/download.ts';

/** GET self/record: the signed-in trainee's assignments, runs and certificates. Read afresh on each visit. */
export function useOwnRecord() {
  return useQuery(
    queryOptions({ queryKey: ['record', 'self'], queryFn: () => getJson<TrainingRecord>('self/record'), staleTime: 0 }),
  );
}

/** GET self/certificates/{code}: the certificate as a PDF, saved in place. Resolves with the file's name. */
export async function downloadCertificate(code: string): Promise<string> {
  const response = await api.get(`self/certificates/${encodeURIComponent(code)}`);
  return saveDownload(response, `certificate-${code}.pdf`);
}

/** What GET certificates/{code} says: the certificate, or `unknown` for a code no certificate has (404). */
export type Verification = { found: true; certificate: CertificateVerification } | { found: false };

async function verifyCertificate(code: string): Promise<Verification> {
  try {
    const certificate = await api
      .get(`certificates/${encodeURIComponent(code)}`, ANONYMOUS)
      .json<CertificateVerification>();
    return { found: true, certificate };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { found: false };
    throw e;
  }
}

/** The public check of a certificate code: needs no session. */
export function useCertificateCheck(code: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['certificate', code ?? ''],
      queryFn: () => verifyCertificate(code ?? ''),
      enabled: code !== undefined,
      staleTime: 0,
    }),
  );
}
