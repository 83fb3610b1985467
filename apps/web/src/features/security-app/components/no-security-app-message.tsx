import { ShieldAlert } from 'lucide-react';

/** Spec section 8: shown wherever signing is needed and no security app is linked. */
export const NO_SECURITY_APP_MESSAGE = 'Es ist noch keine Security App verbunden. Diese wird zum fortfahren benötigt.';

export const NoSecurityAppMessage = () => (
  <p role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
    <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
    <span>{NO_SECURITY_APP_MESSAGE}</span>
  </p>
);
