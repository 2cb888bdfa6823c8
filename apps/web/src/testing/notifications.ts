/** Carbon's inline notifications, as a page shows its errors. */
import { waitFor } from '@testing-library/react';

/** The page's error notification (the toast region has an alert role of its own), once shown. */
export const errorNotification = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.cds--inline-notification[role="alert"]');
    if (!found) throw new Error('no error notification');
    return found;
  });

/** A notification's title. */
export const titleOf = (element: HTMLElement) => element.querySelector('.cds--inline-notification__title')?.textContent;
