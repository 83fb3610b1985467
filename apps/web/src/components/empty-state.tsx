import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly text?: string;
  readonly children?: ReactNode;
};

/** A real empty state for every list (docs/style.md). */
export const EmptyState = ({ icon: Icon, title, text, children }: EmptyStateProps) => (
  <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-navy-300 bg-white px-6 py-10 text-center">
    <Icon aria-hidden="true" className="size-10 text-navy-500" strokeWidth={1.5} />
    <h2 className="text-lg font-semibold text-navy-900">{title}</h2>
    {text ? <p className="max-w-sm text-sm leading-relaxed text-navy-700">{text}</p> : null}
    {children}
  </div>
);
