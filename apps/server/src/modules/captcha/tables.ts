/** Table of the image captchas (migration 0100). */
export interface CaptchaTable {
  /** The captcha key handed to the client. */
  id: string;
  answer_hash: string;
  created_at: string;
  expires_at: string;
}
