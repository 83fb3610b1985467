import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * Calls `onChange(name, value)` after each change of a form's field (not on every render): for what
 * outlives the screen, such as a registration draft that a reload keeps.
 */
export const useFieldChanges = <F extends FieldValues>(
  watch: UseFormWatch<F>,
  onChange: (name: string, value: unknown) => void,
): void => {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      if (name) latest.current(name, (values as Record<string, unknown>)[name]);
    });
    return () => subscription.unsubscribe();
  }, [watch]);
};
