import { z } from 'zod';

/** Configuration the web shell reads at start (SPEC section 3 "Configuration"). */
export const clientConfigSchema = z.object({
  /** Level-1 name of the chapter settings (empty by default). */
  chapterSettingName: z.string(),
  loadingTips: z.array(z.string()),
  companyName: z.string(),
  registrationNo: z.string(),
  customerService: z.object({ phone: z.string(), wechat: z.string(), hours: z.string() }),
  /**
   * Bid units a new account receives at signup (SIGNUP_TRIAL_BIDS): the copy that promises a trial
   * quota quotes this number. null only in the web app's fallback, before the server has answered.
   */
  signupTrialBids: z.number().int().min(0).nullable(),
  /** The largest file an upload accepts, in bytes (UPLOAD_LIMIT); null as above. */
  uploadLimitBytes: z.number().int().positive().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
