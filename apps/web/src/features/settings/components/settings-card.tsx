import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One settings section: a card with an icon, title, explanation and its content (issue 20). */
export const SettingsCard = ({
  icon: Icon,
  title,
  text,
  children,
  testId,
}: {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly text?: string;
  readonly children: ReactNode;
  readonly testId?: string;
}) => {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100 sm:p-6"
      data-testid={testId}
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <Icon aria-hidden="true" className="size-5 text-brand-text" />
        {title}
      </h2>
      {text && <p className="mt-1 text-sm text-navy-700">{text}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
};
