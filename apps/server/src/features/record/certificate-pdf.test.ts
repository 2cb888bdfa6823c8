import { describe, expect, it } from 'vitest';
import { pdfText } from '#test/pdf-text.ts';
import { certificatePdf } from './certificate-pdf.ts';

const completed = Date.UTC(2026, 2, 14, 15);

describe('the certificate PDF', () => {
  it('prints names and titles beyond Latin-1 as they are, in an embedded font', async () => {
    const pdf = await certificatePdf(
      {
        code: 'Xy3_ab-CDefGHijKLmnOPqrSt',
        holder_name: 'SSgt Zoë Łukasiewicz',
        module_title: 'Nguyễn Thị Đặng: Ελληνικά, Дмитрий',
        completed_at: completed,
        expires_at: Date.UTC(2027, 2, 14),
      },
      'https://training.example',
    );
    const lines = pdfText(pdf);
    expect(lines).toEqual([
      'Ready Airman Training',
      'Certificate of Completion',
      'This certifies that',
      'SSgt Zoë Łukasiewicz',
      'completed the training module',
      'Nguyễn Thị Đặng: Ελληνικά, Дмитрий',
      'Completed on March 14, 2026',
      'Current until March 14, 2027: recertification is due then',
      'Certificate code: Xy3_ab-CDefGHijKLmnOPqrSt',
      'Verify at https://training.example/verify/Xy3_ab-CDefGHijKLmnOPqrSt',
    ]);
    const raw = pdf.toString('latin1');
    // Embedded (a subset of the glyphs used), no standard font left.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+IBMPlexSans-Bold\b/);
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).not.toMatch(/Helvetica/);
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('keeps the longest name and title (200 characters each) on one page', async () => {
    const pdf = await certificatePdf(
      {
        code: 'Xy3_ab-CDefGHijKLmnOPqrSt',
        holder_name: `CMSgt ${'Wolfeschlegelsteinhausen Łukasiewicz-Nguyễn '.repeat(5)}`.slice(0, 200),
        module_title: 'Resilience Ẅ '.repeat(20).slice(0, 200),
        completed_at: completed,
        expires_at: 0,
      },
      'https://training.example',
    );
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdfText(pdf).at(-3)).toBe('Does not expire');
  });
});
