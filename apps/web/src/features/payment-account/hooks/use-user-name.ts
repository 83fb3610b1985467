import { useQuery } from '@tanstack/react-query';
import { getUser } from '../../auth/api/get-user';

/** "Anna Berger": the name a payout account must be in (spec section 5), or null while unknown. */
export const useUserName = (): string | null => {
  const user = useQuery({ queryKey: ['user'], queryFn: () => getUser() });
  const parts = [user.data?.firstName, user.data?.lastName].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' ') : null;
};
