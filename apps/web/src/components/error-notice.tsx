/**
 * What a failed load or save shows: an error notification that stays until the next try (no close
 * button), announced as an alert. `title` says what failed; `subtitle` is the server's reason.
 */
import { InlineNotification } from '@carbon/react';

interface Props {
  title: string;
  subtitle?: string | undefined;
}

export function ErrorNotice({ title, subtitle }: Props) {
  return <InlineNotification kind="error" title={title} subtitle={subtitle} lowContrast hideCloseButton role="alert" />;
}
