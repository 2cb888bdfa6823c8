/** Saving a file the API sends (a CSV report, the audit log) in place: no window of its own. */

/** The file name a Content-Disposition header gives (its UTF-8 form first), or `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Hands the answer's body to the browser as a download under the name the server gives. Resolves with that name. */
export async function saveDownload(response: Response, fallback: string): Promise<string> {
  const name = attachmentName(response.headers.get('content-disposition'), fallback);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}
