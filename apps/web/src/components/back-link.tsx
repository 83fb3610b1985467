import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';

/** The "back to …" link above a screen's title: an arrow and the text, a 44 px touch target. */
export const BackLink = ({
  to,
  replace,
  children,
}: {
  readonly to: To;
  readonly replace?: boolean;
  readonly children: ReactNode;
}) => (
  <Link
    to={to}
    replace={replace}
    className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-brand-text"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    {children}
  </Link>
);
