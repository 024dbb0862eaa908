import { z } from 'zod';
import { plainText } from './text.ts';

/** A Word template as operators see it (disabled ones too). */
export const adminTemplateItemSchema = z.object({
  id: z.string(),
  /** What users see: the operator's display name, else the template's own. */
  name: z.string(),
  /** The template's own name (built-in templates keep theirs in the code). */
  originalName: z.string(),
  description: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  builtin: z.boolean(),
});
export type AdminTemplateItem = z.infer<typeof adminTemplateItemSchema>;

/** POST admin/template/update: any of display name (empty: back to the own name), order, enabled. */
export const adminTemplateUpdateSchema = z.object({
  id: plainText().min(1, '模板编号不能为空'),
  name: plainText().trim().max(50, '名称不能超过 50 个字').nullish(),
  sort: z.coerce
    .number()
    .int()
    .min(0, '排序须在 0 到 9999 之间')
    .max(9999, '排序须在 0 到 9999 之间')
    .optional(),
  enabled: z.boolean().optional(),
});
export type AdminTemplateUpdateInput = z.infer<typeof adminTemplateUpdateSchema>;

export const TEMPLATE_CONSOLE_MSG = {
  notFound: '模板不存在',
  defaultCannotDisable: '默认模板不能停用，请先把其他模板设为默认',
  disabledCannotDefault: '停用的模板不能设为默认，请先启用',
} as const;
