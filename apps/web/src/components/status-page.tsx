import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export type StatusPageProps = {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly text: string;
  readonly tone?: 'neutral' | 'danger';
  readonly children?: ReactNode;
};

/** One calm full-height message with one primary action: network error, not found, update, placeholders. */
export const StatusPage = ({ icon: Icon, title, text, tone = 'neutral', children }: StatusPageProps) => (
  <section className="mx-auto flex min-h-[60vh] w-full max-w-md flex-col items-center justify-center gap-5 px-6 py-12 text-center">
    <span
      className={`grid size-16 place-items-center rounded-2xl ${tone === 'danger' ? 'bg-red-50 text-danger' : 'bg-navy-100 text-brand-text'}`}
    >
      <Icon aria-hidden="true" className="size-8" strokeWidth={1.75} />
    </span>
    <h1 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
    <p className="text-base leading-relaxed text-navy-700">{text}</p>
    {children ? <div className="mt-2 flex w-full flex-col gap-3">{children}</div> : null}
  </section>
);
