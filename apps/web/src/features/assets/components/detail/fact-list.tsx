import type { ReactNode } from 'react';

export type Fact = { readonly label: string; readonly value: ReactNode | null | undefined };

/** Label/value rows with the numbers right-aligned (docs/style.md: numbers large and aligned). */
export const FactList = ({ facts }: { readonly facts: readonly Fact[] }) => (
  <dl className="divide-y divide-navy-100 rounded-2xl bg-white px-4 ring-1 ring-navy-100">
    {facts
      .filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== '')
      .map((fact) => (
        <div key={fact.label} className="flex items-baseline justify-between gap-4 py-3">
          <dt className="text-sm text-navy-700">{fact.label}</dt>
          <dd className="text-right text-sm font-semibold tabular-nums text-navy-900">{fact.value}</dd>
        </div>
      ))}
  </dl>
);

export const Panel = ({
  title,
  children,
  id,
}: {
  readonly title: string;
  readonly children: ReactNode;
  readonly id?: string;
}) => (
  <section aria-labelledby={id} className="flex flex-col gap-3">
    <h2 id={id} className="text-lg font-semibold text-navy-900">
      {title}
    </h2>
    {children}
  </section>
);

export const Note = ({ children }: { readonly children: ReactNode }) => (
  <p className="rounded-2xl bg-white px-4 py-4 text-sm leading-relaxed text-navy-700 ring-1 ring-navy-100">
    {children}
  </p>
);
