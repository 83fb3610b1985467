import { CircleAlert, CircleCheck } from 'lucide-react';

/** A message above or below a form: an error (alert) or a confirmation (status). */
export const FormMessage = ({ tone, text }: { readonly tone: 'error' | 'success'; readonly text: string | null }) =>
  text ? (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={tone === 'error' ? 'form-error' : 'form-success'}
      className={`flex items-start gap-2 rounded-xl px-4 py-3 text-sm font-medium ${
        tone === 'error' ? 'bg-red-50 text-danger' : 'bg-emerald-50 text-success'
      }`}
    >
      {tone === 'error' ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      ) : (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      )}
      <span>{text}</span>
    </div>
  ) : null;
