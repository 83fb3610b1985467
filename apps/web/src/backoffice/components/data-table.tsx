import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState, Spinner } from './ui';

export type Column<T> = {
  readonly key: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  readonly align?: 'left' | 'right';
  readonly width?: string;
};

/**
 * The back office's one table: sticky header, aligned numbers, a selected row, a real empty
 * state, and paging when the server pages.
 */
export const DataTable = <T,>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  onSelect,
  selectedKey,
  paging,
  label,
}: {
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[] | undefined;
  readonly rowKey: (row: T) => string;
  readonly loading?: boolean;
  readonly empty: { title: string; text?: string };
  readonly onSelect?: (row: T) => void;
  readonly selectedKey?: string | null;
  readonly paging?: { page: number; pageSize: number; total: number; onPage: (page: number) => void };
  readonly label: string;
}) => {
  if (loading && !rows) return <Spinner />;
  if (!rows || rows.length === 0) return <EmptyState {...empty} />;
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left" aria-label={label}>
          <thead>
            <tr className="border-b border-line bg-canvas/60">
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  style={column.width ? { width: column.width } : undefined}
                  className={`px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted ${column.align === 'right' ? 'text-right' : ''}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = rowKey(row);
              const selected = key === selectedKey;
              return (
                <tr
                  key={key}
                  data-testid="table-row"
                  aria-selected={onSelect ? selected : undefined}
                  onClick={onSelect ? () => onSelect(row) : undefined}
                  onKeyDown={
                    onSelect
                      ? (event) => {
                          if (event.key === 'Enter' || event.key === ' ') {
                            event.preventDefault();
                            onSelect(row);
                          }
                        }
                      : undefined
                  }
                  tabIndex={onSelect ? 0 : undefined}
                  className={`border-b border-line last:border-0 ${onSelect ? 'cursor-pointer hover:bg-accent/5' : ''} ${selected ? 'bg-accent/10' : ''}`}
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`px-3 py-2 align-top ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {paging && paging.total > paging.pageSize ? (
        <div className="flex items-center justify-between border-t border-line px-3 py-2 text-muted">
          <span>
            {paging.total} Einträge · Seite {paging.page + 1} von {pages}
          </span>
          <div className="flex gap-1">
            <button
              type="button"
              className="rounded p-1 hover:bg-canvas disabled:opacity-40"
              disabled={paging.page === 0}
              onClick={() => paging.onPage(paging.page - 1)}
              aria-label="Vorige Seite"
            >
              <ChevronLeft className="size-4" />
            </button>
            <button
              type="button"
              className="rounded p-1 hover:bg-canvas disabled:opacity-40"
              disabled={paging.page + 1 >= pages}
              onClick={() => paging.onPage(paging.page + 1)}
              aria-label="Nächste Seite"
            >
              <ChevronRight className="size-4" />
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
};
