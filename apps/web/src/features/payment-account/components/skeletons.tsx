/** Grey placeholders in the shape of what is loading (docs/style.md: skeletons while loading). */
export const SkeletonBlock = ({ className }: { readonly className: string }) => (
  <div aria-hidden="true" className={`animate-pulse rounded-xl bg-navy-100 ${className}`} />
);

export const TransactionRowsSkeleton = ({ rows = 3 }: { readonly rows?: number }) => (
  <div className="flex flex-col gap-3" aria-hidden="true">
    {Array.from({ length: rows }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders without identity
      <div key={index} className="flex items-center gap-3">
        <SkeletonBlock className="size-10 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <SkeletonBlock className="h-4 w-1/3" />
          <SkeletonBlock className="h-3 w-1/2" />
        </div>
        <SkeletonBlock className="h-5 w-20" />
      </div>
    ))}
  </div>
);

export const AccountSkeleton = ({ label }: { readonly label: string }) => (
  <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" aria-busy="true" aria-label={label} role="status">
    <div className="flex flex-col gap-6">
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        <SkeletonBlock className="h-4 w-24" />
        <SkeletonBlock className="mt-3 h-12 w-56" />
        <SkeletonBlock className="mt-6 h-10 w-full" />
      </div>
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        <TransactionRowsSkeleton />
      </div>
    </div>
    <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <SkeletonBlock className="h-5 w-40" />
      <SkeletonBlock className="mt-4 h-16 w-full" />
      <SkeletonBlock className="mt-3 h-16 w-full" />
    </div>
  </div>
);
