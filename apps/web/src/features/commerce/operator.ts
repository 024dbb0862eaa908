import type { UserInfo } from '@bid/shared';

/** get-userInfo lists 'operator' in rights for operators; the server checks every admin call itself. */
export function isOperator(user: Pick<UserInfo, 'rights'> | null | undefined): boolean {
  return Boolean(user?.rights?.includes('operator'));
}
