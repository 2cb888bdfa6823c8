/** Any path the app does not have, for a signed-in user: says so, with a way home (anonymous visitors go to /login). */
import { Link, useLocation } from 'react-router';
import { PageHeading } from '#components/page-heading.tsx';

export function Component() {
  const { pathname } = useLocation();
  return (
    <div className="not-found">
      <PageHeading>Page not found</PageHeading>
      <p>
        There is no page at <code>{pathname}</code>. The link may be old or mistyped.
      </p>
      <Link to="/" className="cds--link">
        Go to the home page
      </Link>
    </div>
  );
}
