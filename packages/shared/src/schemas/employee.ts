import { z } from 'zod';
import { pageQuerySchema } from '../envelope.ts';
import { idSchema } from './common.ts';
import { AUTH_LIMITS, phoneSchema } from './auth.ts';

/** Employees of a company account (company administrator only). */

/** POST /blade-system/client/employeeAdd: creates the user, or attaches an existing personal user. */
export const employeeAddSchema = z.object({
  phone: phoneSchema,
  name: z.string().trim().max(AUTH_LIMITS.nameMaxLength, `姓名不能超过 ${AUTH_LIMITS.nameMaxLength} 个字符`).optional(),
});
export type EmployeeAdd = z.input<typeof employeeAddSchema>;

/** GET /blade-system/client/employeeList?current=&size=&keyword= */
export const employeeListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(30, '搜索关键字不能超过 30 个字符').optional(),
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
