import { endpoints } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

export const inviteApi = {
  info: (opts?: RequestOptions) => api.call(endpoints.inviteInfo, undefined, opts),
};

export const inviteKeys = { info: ['invite', 'info'] as const };

/** The link a friend opens: the landing page keeps `?invite=` for the first login (LoginDialog.signupParams). */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/?invite=${encodeURIComponent(code)}`;
}
