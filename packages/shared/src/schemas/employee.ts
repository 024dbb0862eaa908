import { z } from 'zod';
import { plainText } from './text.ts';
import { pageQuerySchema } from '../envelope.ts';
import { idSchema } from './common.ts';
import { AUTH_LIMITS, phoneSchema } from './auth.ts';

/** Employees of a company account (company administrator only). */

/**
 * POST /blade-system/client/employeeAdd: invites a phone number. Nobody joins until the person logs
 * in and accepts; the answer is the same whoever the number belongs to (another company's members
 * are not revealed). Answers the invitation.
 */
export const employeeAddSchema = z.object({
  phone: phoneSchema,
  name: plainText()
    .trim()
    .max(AUTH_LIMITS.nameMaxLength, `姓名不能超过 ${AUTH_LIMITS.nameMaxLength} 个字符`)
    .optional(),
});
export type EmployeeAdd = z.input<typeof employeeAddSchema>;

/** GET /blade-system/client/employeeList?current=&size=&keyword= */
export const employeeListQuerySchema = pageQuerySchema.extend({
  keyword: plainText().trim().max(30, '搜索关键字不能超过 30 个字符').optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;

export const employeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Masked: 138****0000. */
  phone: z.string(),
  /** 'company_admin' | 'employee' */
  role: z.string(),
  createTime: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** POST /blade-system/client/employeeRemove: the person's sessions end at once; their bids stay with the company. */
export const employeeRemoveSchema = z.object({ id: idSchema });
export type EmployeeRemove = z.input<typeof employeeRemoveSchema>;

export const EMPLOYEE_INVITATION_LIMITS = {
  /** Pending invitations of one company at a time. */
  maxPending: 200,
} as const;

/** An invitation as the administrator sees it (pending ones, in employeeInvitationList). */
export const employeeInvitationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Masked: 138****0000. */
  phone: z.string(),
  /** 'pending' | 'accepted' | 'declined' | 'revoked' */
  status: z.string(),
  createTime: z.string(),
});
export type EmployeeInvitation = z.infer<typeof employeeInvitationSchema>;

/** POST /blade-system/client/employeeInvitationRevoke (administrator). */
export const employeeInvitationRevokeSchema = z.object({ id: idSchema });

/** An invitation as the invited person sees it (GET /blade-system/client/myEmployeeInvitations). */
export const myEmployeeInvitationSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  inviterName: z.string(),
  createTime: z.string(),
});
export type MyEmployeeInvitation = z.infer<typeof myEmployeeInvitationSchema>;

/** POST /blade-system/client/answerEmployeeInvitation: accept joins the company, decline drops it. */
export const answerEmployeeInvitationSchema = z.object({
  id: idSchema,
  accept: z.boolean({ error: '请选择接受或拒绝（accept）' }),
});
export type AnswerEmployeeInvitation = z.input<typeof answerEmployeeInvitationSchema>;
