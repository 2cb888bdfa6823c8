/**
 * A certificate as a one-page PDF (pdfkit): the holder's rank and name, the module, the
 * completion date, the expiry where the module recertifies, the code and the link that verifies
 * it. In IBM Plex Sans (the typeface of the web app, from @ibm/plex-sans), embedded as a subset
 * of the glyphs the page uses: names and titles print in Latin with every accent (Vietnamese
 * included), Greek and Cyrillic, which the PDF standard fonts (Latin-1 only) could not. Tagged,
 * with a title and a language, for screen readers. Dates are UTC days, as the record shows them.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '#mail/templates.ts';
import { woffToSfnt } from './woff.ts';

const require = createRequire(import.meta.url);

/**
 * The two weights the page uses, read and unwrapped once (about 200 KiB each; a certificate
 * embeds only the glyphs it uses).
 */
const FONT_FILES = {
  regular: '@ibm/plex-sans/fonts/complete/woff/IBMPlexSans-Regular.woff',
  bold: '@ibm/plex-sans/fonts/complete/woff/IBMPlexSans-Bold.woff',
} as const;
type Weight = keyof typeof FONT_FILES;
let fonts: Record<Weight, Buffer> | undefined;

function fontData(): Record<Weight, Buffer> {
  fonts ??= {
    regular: woffToSfnt(fs.readFileSync(require.resolve(FONT_FILES.regular))),
    bold: woffToSfnt(fs.readFileSync(require.resolve(FONT_FILES.bold))),
  };
  return fonts;
}

export interface CertificateFacts {
  code: string;
  holder_name: string;
  module_title: string;
  completed_at: number;
  expires_at: number;
}

const dayInWords = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

export function verifyUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/verify/${encodeURIComponent(code)}`;
}

/** The PDF's bytes. */
export function certificatePdf(facts: CertificateFacts, publicUrl: string): Promise<Buffer> {
  const title = `Certificate of completion: ${facts.module_title}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 54,
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: title, Author: PRODUCT_NAME, Subject: facts.holder_name },
  });
  const data = fontData();
  doc.registerFont('regular', data.regular);
  doc.registerFont('bold', data.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 108;
  const centered = { width, align: 'center' as const };
  const line = (font: Weight, size: number, text: string, gap = 0.6) => {
    doc.font(font).fontSize(size).text(text, centered);
    doc.moveDown(gap);
  };
  doc
    .rect(30, 30, doc.page.width - 60, doc.page.height - 60)
    .lineWidth(2)
    .stroke('#0f62fe');
  doc.moveDown(1.5);
  doc.fillColor('#161616');
  line('regular', 14, PRODUCT_NAME);
  line('bold', 30, 'Certificate of Completion', 1);
  line('regular', 14, 'This certifies that');
  // Long names and titles (up to 200 characters) in a smaller size: the page stays one.
  line('bold', facts.holder_name.length > 50 ? 16 : 26, facts.holder_name, 0.8);
  line('regular', 14, 'completed the training module');
  line('bold', facts.module_title.length > 70 ? 13 : 20, facts.module_title, 1);
  line('regular', 13, `Completed on ${dayInWords.format(facts.completed_at)}`, 0.3);
  line(
    'regular',
    13,
    facts.expires_at > 0
      ? `Current until ${dayInWords.format(facts.expires_at)}: recertification is due then`
      : 'Does not expire',
    1.5,
  );
  const url = verifyUrl(publicUrl, facts.code);
  line('regular', 10, `Certificate code: ${facts.code}`, 0.3);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#0f62fe')
    .text(`Verify at ${url}`, { ...centered, link: url });
  doc.end();
  return done;
}
