import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorNotice } from './error-notice.tsx';

describe('ErrorNotice', () => {
  it('announces what failed and why, with no way to dismiss it', () => {
    render(<ErrorNotice title="The users could not be loaded." subtitle="Server unavailable" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The users could not be loaded.');
    expect(alert.textContent).toContain('Server unavailable');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
