import { z } from 'zod';

/** Configuration the web shell reads at start (SPEC section 3 "Configuration"). */
export const clientConfigSchema = z.object({
  /** Level-1 name of the chapter settings (empty by default). */
  chapterSettingName: z.string(),
  loadingTips: z.array(z.string()),
  companyName: z.string(),
  registrationNo: z.string(),
  customerService: z.object({ phone: z.string(), wechat: z.string(), hours: z.string() }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
