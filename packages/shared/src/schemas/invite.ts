import { z } from 'zod';

/** How many invited accounts /home/invite lists (newest first); the totals count all of them. */
export const INVITE_LIST_MAX = 100;

export const invitedUserSchema = z.object({
  /** Masked phone (138****5678) or the nickname of a WeChat account. */
  account: z.string(),
  createTime: z.string(),
  /** Bids granted to the inviter for this registration (the rule at that time). */
  rewardBids: z.number(),
});
export type InvitedUser = z.infer<typeof invitedUserSchema>;

/** GET blade-system/client/invite-info: the caller's code, the reward rule in force, who registered with it. */
export const inviteInfoSchema = z.object({
  code: z.string(),
  /** Bids granted to the inviter per new account (0: invitations are not rewarded). */
  rewardBids: z.number(),
  /** 'tenant' when the reward goes to the company's shared quota (a company member inviting). */
  rewardHolder: z.enum(['user', 'tenant']),
  invitedTotal: z.number(),
  rewardedBidsTotal: z.number(),
  invitees: z.array(invitedUserSchema),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;
