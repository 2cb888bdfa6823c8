/**
 * A Carbon icon (16 px) drawn from its path, hidden from assistive technology: for the stand-ins
 * of fields whose code loads on first use (lazy-date-field.tsx, unit-filter.tsx), where Carbon's
 * icon modules would come with code the page does not load yet.
 */
export function DrawnIcon({
  path,
  viewBox,
  className,
  role,
}: {
  path: string;
  viewBox: string;
  className?: string;
  role?: 'img';
}) {
  return (
    <svg
      className={className}
      width={16}
      height={16}
      viewBox={viewBox}
      fill="currentColor"
      role={role}
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
