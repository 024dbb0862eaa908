/**
 * SPEC section 2: the desktop WeChat browser on Windows renders the app badly (old engine, no downloads),
 * so the product asks the user to open it in a PC browser instead. Mobile and macOS WeChat are left alone.
 */
export function isWindowsWechat(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  if (/WindowsWechat/i.test(userAgent)) return true;
  return /MicroMessenger/i.test(userAgent) && /Windows/i.test(userAgent);
}
