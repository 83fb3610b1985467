import { type ButtonHTMLAttributes, type MouseEvent, useMemo } from 'react';
import { createRepeatGuard } from '../lib/repeat-guard';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand hover:brightness-95 active:brightness-90 shadow-sm',
  secondary: 'bg-white text-navy-900 ring-1 ring-inset ring-navy-300 hover:bg-navy-100',
  ghost: 'bg-transparent text-brand-text hover:bg-navy-100',
};

export type ButtonSize = 'md' | 'sm';

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-12 px-5 text-base',
  sm: 'min-h-10 px-4 text-sm',
};

export const buttonClass = (variant: ButtonVariant = 'primary', block = false, size: ButtonSize = 'md'): string =>
  [
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition',
    sizes[size],
    'disabled:cursor-not-allowed disabled:opacity-50',
    variants[variant],
    block ? 'w-full' : '',
  ].join(' ');

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  readonly variant?: ButtonVariant;
  readonly block?: boolean;
};

/** Spec section 2: a button ignores repeat clicks within 500 ms (lib/repeat-guard.ts). */
export const Button = ({ variant = 'primary', block = false, className, onClick, type, ...rest }: ButtonProps) => {
  const guarded = useMemo(() => {
    const guard = createRepeatGuard();
    return guard((event: MouseEvent<HTMLButtonElement>) => onClick?.(event));
  }, [onClick]);
  return (
    <button
      type={type ?? 'button'}
      className={`${buttonClass(variant, block)} ${className ?? ''}`}
      onClick={(event) => {
        guarded(event);
      }}
      {...rest}
    />
  );
};
