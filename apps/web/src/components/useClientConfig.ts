import { useQuery } from '@tanstack/react-query';
import { endpoints, type ClientConfig } from '@bid/shared';
import { api } from '../api/request.ts';
import { CLIENT_CONFIG_KEY, withConfigDefaults } from './clientConfig.ts';

export {
  CLIENT_CONFIG_KEY,
  contactLine,
  FALLBACK_CLIENT_CONFIG,
  signupGift,
  uploadLimitClause,
  withConfigDefaults,
} from './clientConfig.ts';

/**
 * The client configuration (POST /api/common/client/getClientConfig), fetched once per page load.
 * Silent: a visitor must not see an error toast because the footer could not load its phone number.
 */
export function useClientConfig(): ClientConfig {
  const { data } = useQuery({
    queryKey: CLIENT_CONFIG_KEY,
    queryFn: () => api.call(endpoints.clientConfig, undefined, { silent: true, noDuplicateGuard: true }),
    staleTime: Infinity,
    retry: 1,
  });
  return withConfigDefaults(data);
}
