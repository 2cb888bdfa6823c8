/**
 * What a list shows when it has nothing to show (Carbon's empty-state pattern):
 * a title saying why, a line on what to do, and the action that does it.
 * Announced, since it replaces the rows a search was expected to bring.
 */
import { Button } from '@carbon/react';

interface Props {
  title: string;
  text: string;
  action?: { label: string; onClick(): void };
}

export function EmptyState({ title, text, action }: Props) {
  return (
    <div className="empty-state" role="status">
      <h2 className="empty-state__title">{title}</h2>
      <p>{text}</p>
      {action && (
        <Button kind="tertiary" size="md" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
