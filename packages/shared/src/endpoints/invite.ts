import { inviteInfoSchema } from '../schemas/invite.ts';
import { get, type Out } from './define.ts';

/** The caller's invitations (/home/invite). */
export const inviteEndpoints = {
  inviteInfo: get<Out<typeof inviteInfoSchema>>('/blade-system/client/invite-info', null, inviteInfoSchema),
} as const;
